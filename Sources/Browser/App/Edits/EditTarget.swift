import ORMCore

/// The cell the cell editor changes, fixed when it opens (a live refresh may move the cursor).
struct EditTarget: Equatable, Sendable {
    /// The table.
    var table: String
    /// The row.
    var row: EditableRow
    /// The column.
    var column: String
    /// The column's declared type, which decides how the typed text is read.
    var declaredType: String
    /// The value shown when the editor opened (the staged one if any).
    var current: SQLValue
}
