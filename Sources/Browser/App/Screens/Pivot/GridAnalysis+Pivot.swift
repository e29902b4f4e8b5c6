import ORMCore

/// `W` on a grid: the pivot table of the key column by the cursor column.
extension GridAnalysis {
    /// `W`: the pivot table of the grid's rows (those its filter keeps): a row per value of the
    /// first key column (`!`), a column per frequent value of the cursor column (the rest as
    /// `other`), each cell the first aggregate set with `+` (else the count of rows), with totals.
    /// The database computes it in the background, with a spinner past a moment and `Esc` to
    /// stop it; it opens in a grid of its own, where `Enter` on a cell opens the rows behind it.
    func openPivot() {
        if app.waits.waitsForLastRow(of: grid, then: { openPivot() }) {
            return
        }
        let source = grid.source
        let columnIndex = grid.cursorColumn
        guard let rowIndex = grid.groupKeyIndexes.first else {
            app.say(.info("no key column: ! on a column makes it the rows, then W on another makes its values the columns"))
            return
        }
        guard source.columns.indices.contains(columnIndex), columnIndex != rowIndex else {
            app.say(.info("W makes the cursor column's values the columns: move to another column than the key column"))
            return
        }
        guard let relation = source.relation else {
            app.say(.error("these results cannot be pivoted: run the query at the SQL prompt (e) again"))
            return
        }
        let rowColumn = source.columns[rowIndex], pivoted = source.columns[columnIndex]
        let aggregate = grid.presentAggregates.first
        let query: PivotQuery
        do {
            let integers = aggregate.map { name in source.columns.contains { $0.name == name.column && $0.kind == .integer } } ?? false
            query = try PivotQuery(relation: relation, rowColumn: rowColumn.name, rowKind: rowColumn.kind, columnColumn: pivoted.name,
                                   columnKind: pivoted.kind, aggregate: aggregate, integers: integers, filter: source.filter,
                                   dialect: sourceDatabase.dialect)
        } catch {
            app.report(error, doing: "pivot")
            return
        }
        let database = sourceDatabase
        let title = "\(query.aggregateName) by \(rowColumn.name) and \(pivoted.name) in \(source.title)"
        let interruption = Interruption()
        let background = BackgroundResult(wakeup: app.wakeup) {
            try interruption.run {
                let frequent = try database.fetchRows(try query.frequentValues()).rows
                let table = try query.table(columns: query.columns(from: frequent))
                let rows = table.source(in: database, title: title)
                _ = try rows.rows(0..<1)  // the first page read here, not while drawing
                return Handover(value: (table, rows))
            }
        }
        let names = "\(Sanitizer.sanitize(rowColumn.name)) by \(Sanitizer.sanitize(pivoted.name))"
        app.run(PendingWork(label: "pivoting \(names)", isReady: { background.result != nil }, complete: {
            guard let result = background.result else {
                return
            }
            do {
                let (table, rows) = try result.get().value
                if app.state.top.mode == .pivot {
                    app.state.screens.removeLast()  // W on a pivot table replaces it
                }
                app.state.screens.append(PivotController(grid: GridModel(source: rows), origin: PivotOrigin(table: table, grid: grid),
                                                         host: app))
                app.say(.info("Enter: the rows behind a cell · \(names)\(table.columns.hasOther ? ", the less frequent as other" : "")"))
            } catch {
                app.report(error, doing: aggregate == nil ? "pivot" : "pivot with an aggregate (+- on a column removes its own)")
            }
        }, cancel: interruption.interrupt))
    }
}
