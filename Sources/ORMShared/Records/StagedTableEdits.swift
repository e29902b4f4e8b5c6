/// Edits of one table that are staged to be applied together with others: the context an edit is
/// checked in by ``DynamicTable/check(_:after:waitingForLock:)``.
public struct StagedTableEdits: Sendable {
    /// The table the edits change.
    public let table: DynamicTable
    /// Its edits, in the order they would be applied.
    public let edits: [RowEdit]

    /// The staged `edits` of `table`.
    public init(table: DynamicTable, edits: [RowEdit]) {
        self.table = table
        self.edits = edits
    }
}
