import ORMCore

/// One change staged in the browser, in the order it was made (the unit of undo).
///
/// Staged changes are values: they hold no lock on the file until they are committed.
enum StagedEdit: Hashable, Sendable {
    /// Set one cell of the row with `key`; `original` is the whole row as it was read first.
    case cell(key: RowKey, column: String, value: SQLValue, original: [String: SQLValue])
    /// Delete the row with `key`, last read with `original`.
    case delete(key: RowKey, original: [String: SQLValue])

    /// The row the change is about.
    var key: RowKey {
        switch self {
        case .cell(let key, _, _, _), .delete(let key, _): key
        }
    }

    /// A short description for the status bar, such as `name = 'Bo'`.
    var summary: String {
        switch self {
        case .cell(_, let column, let value, _):
            "\(column) = \(TextLayout.truncate(SQLInsertEncoder.literal(value), toWidth: 30))"
        case .delete(let key, _):
            "delete of row \(key.values.map(SQLInsertEncoder.literal).joined(separator: ", "))"
        }
    }
}
