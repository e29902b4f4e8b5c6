import ORMShared

/// An error SQLite reported: its result code, its message, and the SQL that failed.
///
/// ```swift
/// do { try db.execute("INSERT INTO t(id) VALUES (?)", 1) }
/// catch let error as SQLiteError where error.code == .constraint { print(error.message) }
/// ```
public struct SQLiteError: DatabaseError, Equatable {
    /// The primary result code.
    public var code: ResultCode { extendedCode.primary }
    /// The extended result code (for example `SQLITE_CONSTRAINT_UNIQUE`).
    public let extendedCode: ResultCode
    /// SQLite's message.
    public let message: String
    /// The SQL being run, when there was one.
    public let sql: String?
    /// Where in ``sql`` SQLite found the error, in characters from its start
    /// (`sqlite3_error_offset`: names and syntax while preparing); nil when it did not say.
    public let sqlOffset: Int?

    /// Makes an error from its parts.
    public init(code: ResultCode, message: String, sql: String? = nil, sqlOffset: Int? = nil) {
        self.extendedCode = code
        self.message = message
        self.sql = sql
        self.sqlOffset = sqlOffset
    }

    /// A constraint failed (UNIQUE, NOT NULL, CHECK, FOREIGN KEY, PRIMARY KEY, or a trigger's RAISE).
    public var isConstraintViolation: Bool { code == .constraint }
    /// A UNIQUE constraint, unique index or primary key failed: the row would repeat another row's
    /// value. ``uniqueViolation`` says where.
    ///
    /// ```swift
    /// do { try person.commit() }
    /// catch let error as SQLiteError where error.isUniqueViolation { print(error.uniqueViolation?.columns ?? []) }
    /// ```
    public var isUniqueViolation: Bool { extendedCode == .constraintUnique || extendedCode == .constraintPrimaryKey }
    /// The table and columns (or the index) a unique violation names, read from SQLite's message;
    /// nil for every other error.
    public var uniqueViolation: UniqueViolation? {
        isUniqueViolation ? UniqueViolation(message: message) : nil
    }
    /// The primary key failed: a key given twice (`SQLITE_CONSTRAINT_PRIMARYKEY`).
    public var isPrimaryKeyViolation: Bool { extendedCode == .constraintPrimaryKey }
    /// The statement was interrupted (`SQLITE_INTERRUPT`).
    public var isInterrupted: Bool { code == .interrupt }
    /// Another connection holds a lock the statement needs.
    public var isBusy: Bool { code == .busy || code == .locked }

    /// A lock not had, an interruption, an I/O error, no memory, a full disk, a corrupt file, a
    /// file that is not a database or cannot be opened, a read-only database.
    public var isSessionFailure: Bool {
        [.busy, .locked, .interrupt, .ioError, .noMemory, .full, .corrupt, .notADatabase, .cannotOpen, .readOnly]
            .contains(code)
    }
    /// The database or its file cannot be written.
    public var isReadOnly: Bool { code == .readOnly }
    /// The file is not a database, or is damaged.
    public var isNotADatabase: Bool { code == .notADatabase || code == .corrupt }

    public var description: String {
        var text = "\(extendedCode) (\(extendedCode.rawValue)): \(message)"
        if let sql { text += " — in: \(sql)" }
        return text
    }
}
