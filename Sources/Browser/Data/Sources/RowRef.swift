/// A row the grid shows and an edit can name: a stored row by its key, or a new row staged for
/// insert by its number.
enum RowRef: Hashable, Sendable {
    /// A row of the table, found by its rowid or primary key.
    case stored(RowKey)
    /// A row staged for insert, numbered from 1 in its table's staged changes.
    case new(Int)
}
