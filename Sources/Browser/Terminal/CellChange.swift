/// A cell that differs between two buffers, as sent to a ``TerminalBackend``.
///
/// A change never names a continuation cell: a changed wide cluster is reported once, at the
/// column where it starts, and drawing it covers its continuation cells.
struct CellChange: Hashable, Sendable {
    /// The column of the cell.
    var x: Int
    /// The row of the cell.
    var y: Int
    /// The new content of the cell.
    var cell: Cell
}
