/// What an error from any database tells ORMCore's shared layers: the failed SQL, the database's
/// message, and the few kinds of failure they act on. ``SQLiteError`` is SQLite's; a driver for
/// another database brings its own (PostgreSQL's SQLSTATE `23505`, `57014`, `40001`).
///
/// ```swift
/// do { try person.commit() }
/// catch let error as any DatabaseError where error.isUniqueViolation { print(error.message) }
/// ```
public protocol DatabaseError: Error, Sendable, CustomStringConvertible {
    /// The database's message.
    var message: String { get }
    /// The SQL being run, when there was one.
    var sql: String? { get }
    /// A UNIQUE constraint, unique index or primary key failed: the row would repeat another row's
    /// value.
    var isUniqueViolation: Bool { get }
    /// The failed unique constraint was the primary key (a key given twice).
    var isPrimaryKeyViolation: Bool { get }
    /// The table and columns (or the index) a unique violation names; nil for every other error.
    var uniqueViolation: UniqueViolation? { get }
    /// Another connection holds a lock the statement needs.
    var isBusy: Bool { get }
    /// The statement was stopped by an interruption.
    var isInterrupted: Bool { get }
    /// Where in ``sql`` the database found the error, in characters from its start: SQLite's
    /// `sqlite3_error_offset` (a name or a syntax error while preparing), PostgreSQL's error
    /// position; nil when the database did not say.
    var sqlOffset: Int? { get }
    /// The failed transaction wrote nothing and can run again as it is (PostgreSQL's
    /// serialization failures and deadlocks, a lost `COMMIT` found not to have committed);
    /// ``Database/transaction(retryingFor:_:)`` runs it again on such an error.
    var isRetryable: Bool { get }
    /// The session with the server was lost or could not be made (a server restarted, a network
    /// gone); never for a file.
    var isConnectionLost: Bool { get }
    /// The error says nothing of the statement that met it: the database or the session failed
    /// it (a lock not had, an interruption, a lost connection, an I/O error, a full disk, a
    /// database that is read-only or is not one), and the next statement would meet it too.
    var isSessionFailure: Bool { get }
}

extension DatabaseError {
    /// Where in ``sql`` the database found the error: not told.
    public var sqlOffset: Int? { nil }

    /// Not known to be safe to run again.
    public var isRetryable: Bool { false }

    /// No session to lose: a file.
    public var isConnectionLost: Bool { false }

    /// A busy database or an interruption; each database adds its own.
    public var isSessionFailure: Bool { isBusy || isInterrupted }
}
