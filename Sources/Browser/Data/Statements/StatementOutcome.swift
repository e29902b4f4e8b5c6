/// What running a statement at the SQL prompt produced.
enum StatementOutcome {
    /// A statement that returned rows (a query, `RETURNING`, a `PRAGMA`…): its rows, stored.
    case rows(StatementRows)
    /// A statement that changed this many rows (`INSERT`, `UPDATE`, `DELETE`, `REPLACE`, `MERGE`),
    /// and how long it took when measured.
    case changed(Int, timing: StatementTiming? = nil)
    /// Any other statement (DDL, `BEGIN`, `PRAGMA x = y`...), which ran without a result, and how
    /// long it took when measured.
    case done(timing: StatementTiming? = nil)
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
