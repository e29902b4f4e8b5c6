/// What running a statement at the SQL prompt produced.
enum StatementOutcome {
    /// A statement that returned rows (a query, `RETURNING`, a `PRAGMA`…): its rows, stored.
    case rows(StatementRows)
    /// A statement that changed this many rows (`INSERT`, `UPDATE`, `DELETE`, `REPLACE`, `MERGE`).
    case changed(Int)
    /// Any other statement (DDL, `BEGIN`, `PRAGMA x = y`...), which ran without a result.
    case done
    /// Several statements, run in order.
    case script(ScriptRun)

    /// The rows to show, if any: a statement's, or those of the statement ending a script.
    var rows: StatementRows? {
        switch self {
        case .rows(let rows): rows
        case .script(let run): run.rows
        case .changed, .done: nil
        }
    }

    /// The grid's source over the rows to show, if any.
    var source: RowSource? {
        rows?.source
    }
}
