import ORMCore

extension App {
    /// `F`: opens the frequency table of column `index` of `grid` (its cursor column when nil),
    /// as ``GridCommands/openFrequency(column:)`` does.
    func openFrequency(of grid: GridModel, column index: Int? = nil) {
        GridCommands(app: self, grid: grid, isTable: isTableGrid(grid)).openFrequency(column: index)
    }



    /// `Enter` on a frequency table: back to the grid it counts, filtered (within its own filter)
    /// to the rows holding the value under the cursor; an error goes to the status bar.
    func filterToFrequencyValue(in table: GridModel, origin: FrequencyOrigin) -> Outcome {
        do {
            try filter(origin, toValueIn: table)
        } catch {
            report(error, doing: "filter")
        }
        return .redraw
    }

    /// Filters `origin`'s grid to the value under `table`'s cursor, closing the frequency table
    /// (and the summary it was opened from).
    private func filter(_ origin: FrequencyOrigin, toValueIn table: GridModel) throws {
        guard case .stored(let row)? = try table.row(at: table.cursorRow), let shown = row.values.first else {
            return
        }
        guard let value = shown.sqlValue else {
            say(.error("the value is too long to filter by here: filter with f and a condition of your own"))
            return
        }
        let filter = origin.query.filter(keeping: value)
        state.screens.removeLast()
        if state.top.describedGrid === origin.grid {
            state.screens.removeLast()  // F from a summary: the summary no longer matches the view
        }
        let grid = origin.grid
        changeView(of: grid, sort: grid.source.sort, filter: filter, label: "filtering \(Sanitizer.sanitize(grid.source.title))") {
            [unowned self] source in
            say(.info("filter: \(Sanitizer.sanitize(source.filter ?? filter))"))
        }
    }
}
