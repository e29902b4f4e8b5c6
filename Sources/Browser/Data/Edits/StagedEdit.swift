import ORMCore

/// One change staged in the browser, in the order it was made (the unit of undo).
///
/// Staged changes are values: they hold no lock on the file until they are committed.
enum StagedEdit: Hashable, Sendable {
    /// Set one cell of the row with `key`; `original` is the whole row as it was read first.
    case cell(key: RowKey, column: String, value: SQLValue, original: [String: SQLValue])
    /// Delete the row with `key`, last read with `original`.
    case delete(key: RowKey, original: [String: SQLValue])
    /// Add a new row: blank with the columns' defaults, or a copy of another row.
    case insert(NewRow)
    /// Set one cell of a new row; `row` is the new row as it is after the change.
    case newCell(column: String, value: SQLValue, row: NewRow)
    /// Drop the new row numbered `number` (deleting a row that was never written).
    case discard(number: Int)
    /// Several changes made by one key (deleting the marked rows), undone together.
    indirect case batch([StagedEdit])

    /// The row the change is about (nil for a batch).
    var row: RowRef? {
        switch self {
        case .cell(let key, _, _, _), .delete(let key, _): .stored(key)
        case .insert(let row), .newCell(_, _, let row): .new(row.number)
        case .discard(let number): .new(number)
        case .batch: nil
        }
    }

    /// The single changes it is made of: itself, or a batch's changes.
    var parts: [StagedEdit] {
        if case .batch(let changes) = self {
            return changes.flatMap(\.parts)
        }
        return [self]
    }

    /// The edit SQLite is asked to check for a single change: nil for a batch, and for the changes
    /// of new rows (their inserts are tried whole, see ``NewRow/checked(in:after:)``).
    var rowEdit: RowEdit? {
        switch self {
        case .cell(let key, let column, let value, let original):
            .update(key: key.values, original: original, changes: [column: value])
        case .delete(let key, let original):
            .delete(key: key.values, original: original)
        case .insert, .newCell, .discard, .batch:
            nil
        }
    }

    /// Whether it is several changes made by one key.
    var isBatch: Bool {
        if case .batch = self {
            return true
        }
        return false
    }

    /// ``summary``, with the values of `booleans` (PostgreSQL `boolean` columns, read as 1 or 0)
    /// written `true` and `false`: `vip = true`.
    func summary(booleans: Set<String>) -> String {
        switch self {
        case .cell(_, let column, .integer(let integer), _) where booleans.contains(column),
             .newCell(let column, .integer(let integer), _) where booleans.contains(column):
            "\(column) = \(CellFormatter.booleanText(integer))"
        default:
            summary
        }
    }

    /// A short description for the status bar, such as `name = 'Bo'`.
    var summary: String {
        switch self {
        case .cell(_, let column, let value, _), .newCell(let column, let value, _):
            "\(column) = \(TextLayout.truncate(value.sqlLiteral, toWidth: 30))"
        case .delete(let key, _):
            "delete of row \(key.values.map(\.sqlLiteral).joined(separator: ", "))"
        case .insert(let row):
            "new row \(row.number)"
        case .discard(let number):
            "removal of new row \(number)"
        case .batch(let changes):
            changes.count == 1 ? changes[0].summary : "deletion of \(changes.count) rows"
        }
    }
}
