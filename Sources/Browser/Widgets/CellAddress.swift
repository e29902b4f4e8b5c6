/// A cell of the whole result: data row index (from 0, not the viewport) and column index.
struct CellAddress: Hashable, Sendable {
    /// The data row index, from 0.
    var row: Int
    /// The column index, from 0.
    var column: Int
}
