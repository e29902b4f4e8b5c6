import ORMCore

/// `F` on a grid: the frequency table of a column.
extension GridCommands {
    /// The database the grid's rows are read from: a statement's results are read from reef's own
    /// copy of them (``ResultStore``), never from the statement's database again.
    var sourceDatabase: Database {
        grid.source.ownDatabase ?? app.database
    }

    /// `F`: the frequency table of the cursor column of the grid (or of column `index`), over the
    /// rows its filter keeps (VisiData's frequency sheet). SQLite groups and counts in the
    /// background, with a spinner past a moment and `Esc` to stop it; the table opens in a grid of
    /// its own, where `Enter` on a value goes back to the grid filtered to the rows holding it.
    func openFrequency(column index: Int? = nil) {
        if app.waitsForLastRow(of: grid, then: { openFrequency(column: index) }) {
            return
        }
        let source = grid.source
        let index = index ?? grid.cursorColumn
        guard source.columns.indices.contains(index) else {
            app.say(.info("no column to count"))
            return
        }
        let column = source.columns[index].name
        guard let relation = source.relation else {
            app.say(.error("these results cannot be counted: run the query at the SQL prompt (e) again"))
            return
        }
        let query: FrequencyQuery
        do {
            query = try FrequencyQuery(relation: relation, column: column, kind: source.columns[index].kind, filter: source.filter,
                                       dialect: sourceDatabase.dialect)
        } catch {
            app.report(error, doing: "frequency")
            return
        }
        let database = sourceDatabase
        let title = "\(column) in \(source.title)"
        let interruption = Interruption()
        let background = BackgroundResult(wakeup: app.wakeup) {
            try interruption.run {
                let frequencies = try query.source(in: database, title: title)
                _ = try frequencies.rows(0..<1)  // the first page read here, not while drawing
                return Handover(value: frequencies)
            }
        }
        app.run(PendingWork(label: "counting the values of \(Sanitizer.sanitize(column))", isReady: { background.result != nil },
                        complete: {
            guard let result = background.result else {
                return
            }
            do {
                let table = GridModel(source: try result.get().value)
                if app.state.top.mode == .frequency {
                    app.state.screens.removeLast()  // F on a frequency table replaces it
                }
                app.state.screens.append(FrequencyController(grid: table, origin: FrequencyOrigin(query: query, grid: grid),
                                                                     host: app))
                app.say(.info("Enter: \(Sanitizer.sanitize(source.title)) where \(Sanitizer.sanitize(column)) is the value"))
            } catch {
                app.report(error, doing: "frequency")
            }
        }, cancel: interruption.interrupt))
    }
}
