import ORMCore

/// The row an edit changes, as found when the edit began.
enum EditableRow: Hashable, Sendable {
    /// A stored row: its key, and the values it was first read with (a commit compares them with
    /// the row then, to find changes made by others meanwhile).
    case stored(key: RowKey, original: [String: SQLValue])
    /// A new row staged for insert, by number: editing it changes the staged insert.
    case new(number: Int)
}
