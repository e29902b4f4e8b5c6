/// A row the grid shows: one of its source's, or a new row staged for insert after them.
enum GridRow: Sendable {
    /// A row read from the source.
    case stored(SourceRow)
    /// A row staged for insert.
    case new(NewRow)

    /// What an edit calls the row: nil for a stored row without a key (views, query results).
    var reference: RowRef? {
        switch self {
        case .stored(let row): row.key.map(RowRef.stored)
        case .new(let row): .new(row.number)
        }
    }
}
