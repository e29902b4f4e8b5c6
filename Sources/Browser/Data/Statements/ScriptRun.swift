/// What a script of several statements typed at the SQL prompt did (see ``StatementRunner``).
struct ScriptRun {
    /// The number of statements run.
    var statements: Int
    /// Rows changed by its `INSERT`, `UPDATE`, `DELETE` and `REPLACE` statements.
    var changedRows = 0
    /// Whether the statements before a final query ran in one transaction (all or nothing).
    var wasAtomic: Bool
    /// The rows of its last statement, when that returned rows.
    var rows: StatementRows?

    /// The status-bar line: how many statements ran, how, and the rows they changed.
    var summary: String {
        let how = wasAtomic ? " in one transaction" : ""
        let changed = changedRows == 1 ? "1 row changed" : "\(changedRows) rows changed"
        let stopped = rows?.wasStopped == true ? "; the last cancelled after \(StatementRows.rows(rows?.count ?? 0))" : ""
        return "ran \(statements) statements\(how): \(changed)\(stopped)"
    }
}
