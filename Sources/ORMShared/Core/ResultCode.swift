/// An SQLite result code (primary or extended).
///
/// Compare the primary code with the named constants: `error.code == .constraint`.
public struct ResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The raw code, possibly extended.
    public let rawValue: Int32

    /// Wraps a raw SQLite result code.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The primary code (the low 8 bits of an extended code).
    public var primary: ResultCode { ResultCode(rawValue: rawValue & 0xFF) }

    /// SQLITE_OK: success.
    public static let ok = ResultCode(rawValue: 0)
    /// SQLITE_ERROR: a generic error (invalid SQL, say).
    public static let error = ResultCode(rawValue: 1)
    /// SQLITE_INTERNAL: an internal logic error in SQLite.
    public static let `internal` = ResultCode(rawValue: 2)
    /// SQLITE_PERM: access permission denied.
    public static let permission = ResultCode(rawValue: 3)
    /// SQLITE_ABORT: the operation was aborted.
    public static let abort = ResultCode(rawValue: 4)
    /// SQLITE_BUSY: the database file is locked by another connection.
    public static let busy = ResultCode(rawValue: 5)
    /// SQLITE_LOCKED: a table in the database is locked.
    public static let locked = ResultCode(rawValue: 6)
    /// SQLITE_NOMEM: an allocation failed.
    public static let noMemory = ResultCode(rawValue: 7)
    /// SQLITE_READONLY: an attempt to write a read-only database.
    public static let readOnly = ResultCode(rawValue: 8)
    /// SQLITE_INTERRUPT: interrupted by `sqlite3_interrupt`.
    public static let interrupt = ResultCode(rawValue: 9)
    /// SQLITE_IOERR: a disk I/O error.
    public static let ioError = ResultCode(rawValue: 10)
    /// SQLITE_CORRUPT: the database disk image is malformed.
    public static let corrupt = ResultCode(rawValue: 11)
    /// SQLITE_NOTFOUND: an unknown opcode or file control.
    public static let notFound = ResultCode(rawValue: 12)
    /// SQLITE_FULL: the disk is full.
    public static let full = ResultCode(rawValue: 13)
    /// SQLITE_CANTOPEN: the database file cannot be opened.
    public static let cannotOpen = ResultCode(rawValue: 14)
    /// SQLITE_PROTOCOL: a locking protocol error.
    public static let `protocol` = ResultCode(rawValue: 15)
    /// SQLITE_SCHEMA: the schema changed.
    public static let schema = ResultCode(rawValue: 17)
    /// SQLITE_TOOBIG: a string or BLOB exceeds the size limit.
    public static let tooBig = ResultCode(rawValue: 18)
    /// SQLITE_CONSTRAINT: a constraint was violated.
    public static let constraint = ResultCode(rawValue: 19)
    /// SQLITE_CONSTRAINT_CHECK (extended): a CHECK constraint failed.
    public static let constraintCheck = ResultCode(rawValue: 275)
    /// SQLITE_CONSTRAINT_FOREIGNKEY (extended): a foreign key constraint failed.
    public static let constraintForeignKey = ResultCode(rawValue: 787)
    /// SQLITE_CONSTRAINT_NOTNULL (extended): a NOT NULL constraint failed.
    public static let constraintNotNull = ResultCode(rawValue: 1299)
    /// SQLITE_CONSTRAINT_PRIMARYKEY (extended): the row's key is another row's already.
    public static let constraintPrimaryKey = ResultCode(rawValue: 1555)
    /// SQLITE_CONSTRAINT_UNIQUE (extended): a UNIQUE constraint or unique index failed.
    public static let constraintUnique = ResultCode(rawValue: 2067)
    /// SQLITE_MISMATCH: a data type mismatch.
    public static let mismatch = ResultCode(rawValue: 20)
    /// SQLITE_MISUSE: the library was used incorrectly.
    public static let misuse = ResultCode(rawValue: 21)
    /// SQLITE_AUTH: refused by the authorizer.
    public static let authorization = ResultCode(rawValue: 23)
    /// SQLITE_RANGE: a bind parameter index out of range.
    public static let range = ResultCode(rawValue: 25)
    /// SQLITE_NOTADB: the file is not a database.
    public static let notADatabase = ResultCode(rawValue: 26)
    /// SQLITE_ROW: a step produced a row.
    public static let row = ResultCode(rawValue: 100)
    /// SQLITE_DONE: a step finished.
    public static let done = ResultCode(rawValue: 101)

    /// The symbolic name of the primary code, as in SQLite's documentation.
    public var description: String {
        let names: [Int32: String] = [
            0: "SQLITE_OK", 1: "SQLITE_ERROR", 2: "SQLITE_INTERNAL", 3: "SQLITE_PERM", 4: "SQLITE_ABORT",
            5: "SQLITE_BUSY", 6: "SQLITE_LOCKED", 7: "SQLITE_NOMEM", 8: "SQLITE_READONLY",
            9: "SQLITE_INTERRUPT", 10: "SQLITE_IOERR", 11: "SQLITE_CORRUPT", 12: "SQLITE_NOTFOUND",
            13: "SQLITE_FULL", 14: "SQLITE_CANTOPEN", 15: "SQLITE_PROTOCOL", 17: "SQLITE_SCHEMA",
            18: "SQLITE_TOOBIG", 19: "SQLITE_CONSTRAINT", 20: "SQLITE_MISMATCH", 21: "SQLITE_MISUSE",
            23: "SQLITE_AUTH", 25: "SQLITE_RANGE", 26: "SQLITE_NOTADB", 100: "SQLITE_ROW", 101: "SQLITE_DONE",
        ]
        return names[primary.rawValue] ?? "SQLITE_\(rawValue)"
    }
}
