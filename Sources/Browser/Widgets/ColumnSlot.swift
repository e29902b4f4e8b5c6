/// Where one grid column is drawn: computed by ``GridWidget/slots(for:width:)``.
struct ColumnSlot: Hashable, Sendable {
    /// The column index.
    var column: Int
    /// The first column of its content, relative to the grid area.
    var x: Int
    /// How many content columns are drawn (less than the column width when cut by the edge).
    var width: Int
    /// Whether the right edge of the area cuts the column.
    var isClipped: Bool
}
