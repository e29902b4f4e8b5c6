/// What running a statement at the SQL prompt produced.
enum StatementOutcome {
    /// A query: its rows, to open in a grid.
    case rows(RowSource)
    /// A statement that changed this many rows (`INSERT`, `UPDATE`, `DELETE`, `REPLACE`).
    case changed(Int)
    /// Any other statement (DDL, `PRAGMA x = y`...), which ran without a result.
    case done
    /// Several statements, run in order.
    case script(ScriptRun)

    /// The rows to show, if any: a query's, or those of the query ending a script.
    var source: RowSource? {
        switch self {
        case .rows(let source): source
        case .script(let run): run.rows
        case .changed, .done: nil
        }
    }
}
