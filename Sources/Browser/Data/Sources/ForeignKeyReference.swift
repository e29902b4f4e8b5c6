/// Where a single-column foreign key points: the referenced table and column.
struct ForeignKeyReference: Hashable, Sendable {
    /// The referencing column, in the table the cursor is on.
    var column: String
    /// The referenced table, as the foreign key names it.
    var table: String
    /// The referenced column of ``table``.
    var referencedColumn: String
}
