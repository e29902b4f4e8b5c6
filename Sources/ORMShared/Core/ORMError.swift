/// Errors ORMCore raises itself, beside those SQLite reports (``SQLiteError``).
public enum ORMError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A `will…` hook returned false; the write was abandoned (and the transactions the error
    /// leaves roll back, as for any error).
    case vetoed(entity: String, operation: RecordOperation)
    /// A transaction was failed on purpose with ``Transaction/fail(_:)``.
    case transactionFailed(reason: String)
    /// No row has this key.
    case recordNotFound(entity: String, key: SQLValue)
    /// The object was removed; it cannot be committed or faulted in again.
    case objectDeleted(entity: String, key: SQLValue)
    /// A commit would write a reference, in relationship column `column` of `entity`, to an object of
    /// `target` with key `key` that was removed. Nothing was written: set the property to nil or to
    /// another object first.
    case referenceToRemovedObject(entity: String, column: String, target: String, key: SQLValue)
    /// A commit would write a reference, in relationship column `column` of `entity`, to a new object
    /// of `target` that it does not insert (``CommitOptions`` leave it out). Nothing was written.
    case referenceToUnsavedObject(entity: String, column: String, target: String)
    /// A stored value does not fit the property it is read into.
    case valueMismatch(entity: String, column: String, expected: String, found: String)
    /// A lightweight migration would lose data; the database was left as it was.
    case migrationWouldLoseData(table: String, detail: String)
    /// A migration could not be applied; the database was left as it was.
    case migrationFailed(table: String, detail: String)
    /// A ``SQLMigrator`` migration already applied was edited since (its checksum differs from the
    /// one recorded); nothing was run.
    case migrationEdited(identifier: String)
    /// The default database was used before one was set with ``Database/setDefault(_:)``.
    case noDefaultDatabase
    /// The database was opened read-only.
    case readOnlyDatabase(path: String)
    /// A model, table or column name that the schema does not have.
    case unknownName(String)
    /// The statement or query cannot be run as asked.
    case invalidQuery(String)
    /// A statement was given a different number of values than it has placeholders (`?`, `?NNN`,
    /// `:name`); nothing was run. `sql` is the statement (or the script, when its statements took
    /// fewer values than were given).
    case argumentCountMismatch(sql: String, placeholders: Int, arguments: Int)
    /// `feature` is not supported on `database` (yet); nothing was run.
    case notSupported(feature: String, database: String)

    public var description: String {
        switch self {
        case .vetoed(let entity, let operation): "\(entity): \(operation) vetoed by a will-\(operation) hook"
        case .transactionFailed(let reason): "transaction failed: \(reason)"
        case .recordNotFound(let entity, let key): "\(entity): no row with key \(key)"
        case .objectDeleted(let entity, let key): "\(entity): the object with key \(key) was removed"
        case .referenceToRemovedObject(let entity, let column, let target, let key):
            "\(entity).\(column) refers to the \(target) with key \(key), which was removed"
        case .referenceToUnsavedObject(let entity, let column, let target):
            "\(entity).\(column) refers to a new \(target) that this commit does not insert"
        case .valueMismatch(let entity, let column, let expected, let found):
            "\(entity).\(column): expected \(expected), found \(found)"
        case .migrationWouldLoseData(let table, let detail): "migration of \(table) would lose data: \(detail)"
        case .migrationFailed(let table, let detail): "migration of \(table) failed: \(detail)"
        case .migrationEdited(let identifier):
            "migration \"\(identifier)\" was edited after it was applied to this database; add a new migration instead"
        case .notSupported(let feature, let database): "\(feature) is not supported on \(database) yet"
        case .noDefaultDatabase: "no default database: call Database.setDefault(_:) first"
        case .readOnlyDatabase(let path): "\(path) is open read-only"
        case .unknownName(let name): "unknown name: \(name)"
        case .invalidQuery(let detail): "invalid query: \(detail)"
        case .argumentCountMismatch(let sql, let placeholders, let arguments):
            "\(placeholders) placeholder\(placeholders == 1 ? "" : "s") but \(arguments) "
                + "value\(arguments == 1 ? "" : "s") in: \(sql)"
        }
    }
}

/// A kind of write to a row.
public enum RecordOperation: String, Sendable, Hashable, CaseIterable {
    case insert, update, delete
}
