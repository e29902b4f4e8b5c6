import ORMCore

extension App {
    /// `F`: opens the frequency table of column `index` of `grid` (its cursor column when nil),
    /// as ``GridAnalysis/openFrequency(column:)`` does.
    func openFrequency(of grid: GridModel, column index: Int? = nil) {
        GridAnalysis(app: self, grid: grid).openFrequency(column: index)
    }

    /// `Enter` on a frequency table: the rows of the grid it counts that the row under the cursor
    /// stands for (the grid's own filter, and the group's values bound; NULL as `IS NULL`), in a grid of
    /// their own over the frequency table, which `q` or `Esc` goes back to. An error goes to the
    /// status bar.
    func filterToFrequencyValue(in table: GridModel, origin: FrequencyOrigin) -> Outcome {
        do {
            try openGroupRows(of: origin, at: table)
        } catch {
            report(error, doing: "filter")
        }
        return .redraw
    }

    /// Opens the rows of `origin`'s grid holding the values under `table`'s cursor.
    private func openGroupRows(of origin: FrequencyOrigin, at table: GridModel) throws {
        let groups = origin.query.columns.count
        guard case .stored(let row)? = try table.row(at: table.cursorRow), row.values.count >= groups else {
            return
        }
        // A long value is known by its key (the frequency table's row keeps it).
        let values = row.groupKey ?? row.values.prefix(groups).compactMap(\.sqlValue)
        guard values.count == groups else {
            say(.error("the value is too long to filter by here: filter with f and a condition of your own"))
            return
        }
        try openRows(of: origin.query.group(keeping: Array(values)), from: origin.grid, back: "the frequency table")
    }
}
