import ORMCore

extension App {
    /// `F`: opens the frequency table of column `index` of `grid` (its cursor column when nil),
    /// as ``GridCommands/openFrequency(column:)`` does.
    func openFrequency(of grid: GridModel, column index: Int? = nil) {
        GridCommands(app: self, grid: grid, isTable: isTableGrid(grid)).openFrequency(column: index)
    }

    /// `Enter` on a frequency table: the rows of the grid it counts that the row under the cursor
    /// stands for (the grid's own filter, and the group's values bound; NULL as `IS NULL`), in a grid of
    /// their own over the frequency table, which `q` or `Esc` goes back to. An error goes to the
    /// status bar.
    func filterToFrequencyValue(in table: GridModel, origin: FrequencyOrigin) -> Outcome {
        do {
            try openRows(of: origin, at: table)
        } catch {
            report(error, doing: "filter")
        }
        return .redraw
    }

    /// Opens the rows of `origin`'s grid holding the values under `table`'s cursor.
    private func openRows(of origin: FrequencyOrigin, at table: GridModel) throws {
        let groups = origin.query.columns.count
        guard case .stored(let row)? = try table.row(at: table.cursorRow), row.values.count >= groups else {
            return
        }
        let values = row.values.prefix(groups).compactMap(\.sqlValue)
        guard values.count == groups else {
            say(.error("the value is too long to filter by here: filter with f and a condition of your own"))
            return
        }
        try openRows(of: origin.query.group(keeping: Array(values)), in: origin.grid, backTo: "the frequency table")
    }

    /// Opens the rows of `grid` that `group` stands for (`nil`: all of them, under the grid's own
    /// filter), in a grid of their own over the screen named `screen`, which `q` or `Esc` goes
    /// back to: a table's rows found through its key snapshot in the background (`Esc` stops it).
    func openRows(of group: RowGroup?, in grid: GridModel, backTo screen: String) throws {
        let shown = { [unowned self] (source: RowSource) in
            let rows = GridModel(source: source, frozenColumns: grid.frozenColumns)
            rows.hiddenColumns = grid.hiddenColumns
            rows.aggregates = grid.aggregates
            rows.groupKeys = grid.groupKeys
            state.screens.append(QueryResultsController(grid: rows, host: self))
            say(.info("q: back to \(screen)"))  // the title names the group, the status the filter
        }
        guard let group else {
            shown(grid.source)
            return
        }
        guard let keyed = grid.source.keyedTable else {
            guard let restricted = try grid.source.restricted(to: group) else {
                say(.error("these rows cannot be read again: run the query at the SQL prompt (e) again"))
                return
            }
            shown(restricted)
            return
        }
        // A table's rows are found through its key snapshot: read in the background, Esc stops it.
        let interruption = Interruption()
        let background = BackgroundResult(wakeup: wakeup) {
            try interruption.run { Handover(value: try keyed.restricted(to: group, interruption: interruption)) }
        }
        run(PendingWork(label: "filtering \(Sanitizer.sanitize(grid.source.title))", isReady: { background.result != nil },
                        complete: { [unowned self] in
            do {
                if let result = background.result {
                    shown(try result.get().value)
                }
            } catch {
                report(error, doing: "filter")
            }
        }, cancel: interruption.interrupt))
    }
}
