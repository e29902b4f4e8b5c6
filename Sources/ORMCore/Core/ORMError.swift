/// Errors ORMCore raises itself, beside those SQLite reports (``SQLiteError``).
public enum ORMError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A `will…` hook returned false; the write and its enclosing transaction were abandoned.
    case vetoed(entity: String, operation: RecordOperation)
    /// A transaction was failed on purpose with ``Transaction/fail(_:)``.
    case transactionFailed(reason: String)
    /// No row has this key.
    case recordNotFound(entity: String, key: SQLValue)
    /// The object was removed; it cannot be committed or faulted in again.
    case objectDeleted(entity: String, key: SQLValue)
    /// A stored value does not fit the property it is read into.
    case valueMismatch(entity: String, column: String, expected: String, found: String)
    /// A lightweight migration would lose data; the database was left as it was.
    case migrationWouldLoseData(table: String, detail: String)
    /// A migration could not be applied; the database was left as it was.
    case migrationFailed(table: String, detail: String)
    /// The default database was used before one was set with ``Database/setDefault(_:)``.
    case noDefaultDatabase
    /// The database was opened read-only.
    case readOnlyDatabase(path: String)
    /// A model, table or column name that the schema does not have.
    case unknownName(String)
    /// The statement or query cannot be run as asked.
    case invalidQuery(String)

    public var description: String {
        switch self {
        case .vetoed(let entity, let operation): "\(entity): \(operation) vetoed by a will-\(operation) hook"
        case .transactionFailed(let reason): "transaction failed: \(reason)"
        case .recordNotFound(let entity, let key): "\(entity): no row with key \(key)"
        case .objectDeleted(let entity, let key): "\(entity): the object with key \(key) was removed"
        case .valueMismatch(let entity, let column, let expected, let found):
            "\(entity).\(column): expected \(expected), found \(found)"
        case .migrationWouldLoseData(let table, let detail): "migration of \(table) would lose data: \(detail)"
        case .migrationFailed(let table, let detail): "migration of \(table) failed: \(detail)"
        case .noDefaultDatabase: "no default database: call Database.setDefault(_:) first"
        case .readOnlyDatabase(let path): "\(path) is open read-only"
        case .unknownName(let name): "unknown name: \(name)"
        case .invalidQuery(let detail): "invalid query: \(detail)"
        }
    }
}

/// A kind of write to a row.
public enum RecordOperation: String, Sendable, Hashable, CaseIterable {
    case insert, update, delete
}
