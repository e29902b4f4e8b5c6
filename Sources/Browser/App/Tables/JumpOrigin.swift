/// Where a foreign-key jump started: enough to put the table's grid back as it was.
struct JumpOrigin: Hashable, Sendable {
    /// The table the jump left.
    var table: String
    /// The key of the cursor row, to find it again even if rows moved.
    var key: RowKey?
    /// The cursor row position, used when the key is gone.
    var row: Int
    /// The cursor column.
    var column: Int
    /// The first row shown.
    var firstRow: Int
    /// The sort order then.
    var sort: GridSort?
    /// The filter then.
    var filter: String?
}
