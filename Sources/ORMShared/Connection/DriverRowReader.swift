/// The current row of any driver's statement as a ``_RowReader``: what the macro's generic path
/// (`init(_$values:key:)`, `_$apply(_:keeping:)` with a ``_ValueRow``) decodes from.
///
/// SQLite's rows are not read through it: its statements take the concrete path
/// (``_StatementRow``), where every read is inlined.
struct DriverRowReader<Positioned: DriverStatement>: _RowReader {
    /// The statement positioned on the row.
    package let statement: Positioned

    package var columnCount: Int32 { statement.columnCount }

    package func column(at index: Int32) -> any _ValueReader {
        statement.column(at: index)
    }
}
