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
}
