import ORMCore

extension App {
    /// `F`: the frequency table of the cursor column of `grid` (or of column `index`), over the
    /// rows its filter keeps (VisiData's frequency sheet). SQLite groups and counts in the
    /// background, with a spinner past a moment and `Esc` to stop it; the table opens in a grid of
    /// its own, where `Enter` on a value goes back to `grid` filtered to the rows holding it.
    func openFrequency(of grid: GridModel, column index: Int? = nil) {
        if waitsForLastRow(of: grid, then: { [unowned self] in openFrequency(of: grid, column: index) }) {
            return
        }
        let source = grid.source
        let index = index ?? grid.cursorColumn
        guard source.columns.indices.contains(index) else {
            say(.info("no column to count"))
            return
        }
        let column = source.columns[index].name
        guard let relation = source.relation else {
            say(.error("these results cannot be counted: run the query at the SQL prompt (e) again"))
            return
        }
        let query: FrequencyQuery
        do {
            query = try FrequencyQuery(relation: relation, column: column, kind: source.columns[index].kind, filter: source.filter,
                                       dialect: database(of: source).dialect)
        } catch {
            report(error, doing: "frequency")
            return
        }
        let database = database(of: source)
        let title = "\(column) in \(source.title)"
        let interruption = Interruption()
        let background = BackgroundResult(wakeup: wakeup) {
            try interruption.run {
                let frequencies = try query.source(in: database, title: title)
                _ = try frequencies.rows(0..<1)  // the first page read here, not while drawing
                return Handover(value: frequencies)
            }
        }
        run(PendingWork(label: "counting the values of \(Sanitizer.sanitize(column))", isReady: { background.result != nil },
                        complete: { [unowned self] in
            guard let result = background.result else {
                return
            }
            do {
                let table = GridModel(source: try result.get().value)
                if state.top.mode == .frequency {
                    state.screens.removeLast()  // F on a frequency table replaces it
                }
                state.screens.append(FrequencyController(grid: table, origin: FrequencyOrigin(query: query, grid: grid),
                                                                     host: self))
                say(.info("Enter: \(Sanitizer.sanitize(source.title)) where \(Sanitizer.sanitize(column)) is the value"))
            } catch {
                report(error, doing: "frequency")
            }
        }, cancel: interruption.interrupt))
    }

    /// The database `source`'s rows are read from: a statement's results are read from reef's own
    /// copy of them (``ResultStore``), never from the statement's database again.
    func database(of source: RowSource) -> Database {
        source.ownDatabase ?? database
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
