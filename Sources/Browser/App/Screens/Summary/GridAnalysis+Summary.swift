import ORMCore

/// `I` on a grid: its column summary.
extension GridAnalysis {
    /// `I`: the summary of every column the grid shows (those hidden with `-` left out, as VisiData's
    /// describe sheet leaves them), over the rows its filter keeps: one row a column, filled in as
    /// SQLite computes it in the background. The cursor starts on the row of the grid's cursor column.
    func openSummary() {
        if app.waits.waitsForLastRow(of: grid, then: { openSummary() }) {
            return
        }
        let source = grid.source
        guard !app.state.screens.contains(where: { $0.mode == .summary && $0.grid === grid }) else {
            app.say(.info("this is a summary already: I summarises a table, a view or query results"))
            return
        }
        let shown = source.columns.indices.filter { !grid.isHidden($0) }
        guard !shown.isEmpty else {
            app.say(.info("no columns to summarise"))
            return
        }
        guard let relation = source.relation else {
            app.say(.error("these results cannot be summarised: run the query at the SQL prompt (e) again"))
            return
        }
        let types = source.declaredColumnTypes
        let declaredTypes = types.isEmpty ? [] : shown.map { types.indices.contains($0) ? types[$0] : "" }
        let query: SummaryQuery
        do {
            var made = try SummaryQuery(relation: relation, columns: shown.map { source.columns[$0].name }, filter: source.filter,
                                        dialect: sourceDatabase.dialect.kind, declaredTypes: declaredTypes,
                                        textOrders: Self.textOrders(of: shown, in: source))
            made.longValues = source.longValueKeyReads
            query = made
        } catch {
            app.report(error, doing: "summary")
            return
        }
        let title = query.filter.map { "\(source.title) where \($0)" } ?? source.title
        let rows = SummarySource(database: sourceDatabase, query: query, declaredTypes: Self.typesShown(of: shown, in: source, declared: declaredTypes),
                                 title: title, wakeup: app.wakeup)
        let summary = GridModel(source: rows, frozenColumns: 1)
        summary.countsWithoutLimit = true  // asked for: Esc stops it, not a time limit
        summary.cursorRow = shown.firstIndex(of: grid.cursorColumn) ?? 0
        app.state.screens.append(SummaryController(grid: summary, source: rows, origin: SummaryOrigin(grid: grid),
                                                           host: app))
    }

    /// The types the summary's `type` column shows for the `shown` columns of `source`: those it
    /// declares, and for a statement's results, the types the database named (PostgreSQL's
    /// `numeric`, `jsonb`; SQLite's declared type of a table's column), where reef's copy declares
    /// none.
    private static func typesShown(of shown: [Int], in source: RowSource, declared: [String]) -> [String] {
        guard let store = source.resultStore else {
            return declared
        }
        return shown.indices.map { position in
            let column = shown[position]
            let named = store.typeNames.indices.contains(column) ? store.typeNames[column] ?? "" : ""
            return named.isEmpty && declared.indices.contains(position) ? declared[position] : named
        }
    }

    /// The collations of reef's that order the `shown` columns of `source` (by position among
    /// them): PostgreSQL's exact decimals, intervals and addresses in reef's copy of a statement's
    /// results (``ResultStore/textOrders``), none while it fills.
    private static func textOrders(of shown: [Int], in source: RowSource) -> [Int: String] {
        guard let store = source.resultStore, !source.isFilling else {
            return [:]
        }
        let orders = store.textOrders
        var byPosition: [Int: String] = [:]
        for (position, column) in shown.enumerated() {
            byPosition[position] = orders[column]
        }
        return byPosition
    }
}
