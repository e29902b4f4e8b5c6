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

    public static let ok = ResultCode(rawValue: 0)
    public static let error = ResultCode(rawValue: 1)
    public static let `internal` = ResultCode(rawValue: 2)
    public static let permission = ResultCode(rawValue: 3)
    public static let abort = ResultCode(rawValue: 4)
    public static let busy = ResultCode(rawValue: 5)
    public static let locked = ResultCode(rawValue: 6)
    public static let noMemory = ResultCode(rawValue: 7)
    public static let readOnly = ResultCode(rawValue: 8)
    public static let interrupt = ResultCode(rawValue: 9)
    public static let ioError = ResultCode(rawValue: 10)
    public static let corrupt = ResultCode(rawValue: 11)
    public static let notFound = ResultCode(rawValue: 12)
    public static let full = ResultCode(rawValue: 13)
    public static let cannotOpen = ResultCode(rawValue: 14)
    public static let `protocol` = ResultCode(rawValue: 15)
    public static let schema = ResultCode(rawValue: 17)
    public static let tooBig = ResultCode(rawValue: 18)
    public static let constraint = ResultCode(rawValue: 19)
    public static let mismatch = ResultCode(rawValue: 20)
    public static let misuse = ResultCode(rawValue: 21)
    public static let authorization = ResultCode(rawValue: 23)
    public static let range = ResultCode(rawValue: 25)
    public static let notADatabase = ResultCode(rawValue: 26)
    public static let row = ResultCode(rawValue: 100)
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
