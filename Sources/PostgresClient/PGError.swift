/// An error the PostgreSQL server or libpq reported, with the fields the server sent.
///
/// ```swift
/// do { try connection.execute("INSERT INTO t(id) VALUES ($1)", [.text("1")]) }
/// catch let error as PGError where error.isUniqueViolation { print(error.constraint ?? "") }
/// ```
public struct PGError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where the error came from.
    public enum Kind: Sendable, Equatable {
        /// The connection could not be made or was lost.
        case connection
        /// The server refused or failed a statement (`sqlState` says why).
        case server
        /// The statement was cancelled (`PQcancel`, SQLSTATE 57014).
        case cancelled
        /// A connection string or URL that libpq cannot read.
        case badConnectionString
        /// The client was used wrongly (a closed connection, a parameter it cannot send).
        case misuse
    }

    /// Where the error came from.
    public let kind: Kind
    /// The primary message.
    public let message: String
    /// The five-character SQLSTATE code (`23505` is a unique violation), when the server sent one.
    public let sqlState: String?
    /// The severity, untranslated (`ERROR`, `FATAL`, `PANIC`).
    public let severity: String?
    /// The server's detail line.
    public let detail: String?
    /// The server's hint.
    public let hint: String?
    /// The 1-based character position in the statement where the error was found.
    public let position: Int?
    /// The schema, table, column and constraint the error is about, when the server named them.
    public let schema: String?, table: String?, column: String?, constraint: String?
    /// The statement that failed, when there was one.
    public let sql: String?
    /// For a connection that could not be made: where it tried to connect (nil for a connection
    /// lost later, and for other errors).
    public let target: PGConnectionTarget?
    /// For a connection that had to reach a server taking writes (`target_session_attrs` of
    /// `read-write` or `primary`) and found none: every server it tried, as `host:port`, in the
    /// order the connection string lists them (``isNoServerAcceptingWrites``). Nil otherwise.
    public let serversTriedForWrites: [String]?
    /// For a connection that could not be made: whether the server asked for a password and
    /// none was given (libpq's `PQconnectionNeedsPassword`; neither the connection string, the
    /// `PGPASSWORD` variable nor the password file had one). A program may ask its user for it
    /// and connect again with it (libpq's `password` setting). False for a wrong password.
    public let needsPassword: Bool

    /// Makes an error from its parts.
    public init(
        kind: Kind, message: String, sqlState: String? = nil, severity: String? = nil, detail: String? = nil,
        hint: String? = nil, position: Int? = nil, schema: String? = nil, table: String? = nil,
        column: String? = nil, constraint: String? = nil, sql: String? = nil, target: PGConnectionTarget? = nil,
        serversTriedForWrites: [String]? = nil, needsPassword: Bool = false
    ) {
        self.kind = kind
        self.message = message
        self.sqlState = sqlState
        self.severity = severity
        self.detail = detail
        self.hint = hint
        self.position = position
        self.schema = schema
        self.table = table
        self.column = column
        self.constraint = constraint
        self.sql = sql
        self.target = target
        self.serversTriedForWrites = serversTriedForWrites
        self.needsPassword = needsPassword
    }

    /// A UNIQUE or PRIMARY KEY constraint was violated (SQLSTATE 23505).
    public var isUniqueViolation: Bool { sqlState == "23505" }
    /// A FOREIGN KEY constraint was violated (SQLSTATE 23503).
    public var isForeignKeyViolation: Bool { sqlState == "23503" }
    /// A NOT NULL constraint was violated (SQLSTATE 23502).
    public var isNotNullViolation: Bool { sqlState == "23502" }
    /// Any integrity constraint was violated (SQLSTATE class 23).
    public var isConstraintViolation: Bool { sqlState?.hasPrefix("23") ?? false }
    /// No server the connection string lists took writes: each refused the connection, or was a
    /// standby (``serversTriedForWrites`` names them). A failover may still be under way.
    public var isNoServerAcceptingWrites: Bool { serversTriedForWrites != nil }
    /// The statement was stopped by a cancel request.
    public var isCancelled: Bool { kind == .cancelled }
    /// The transaction lost a serialization or deadlock race and may be retried (class 40).
    public var isRetryable: Bool { sqlState?.hasPrefix("40") ?? false }

    /// The error on one line, for a status bar or a command line's last word: a connection
    /// error names its target (`cannot connect to ann@db:5432/sales: password authentication
    /// failed for user "ann"`), libpq's further lines joined with `; `; one that found no server
    /// taking writes names every server it tried instead. No password is ever in it.
    public var oneLine: String {
        let lines = description.split(whereSeparator: \.isNewline)
            .map { $0.trimmingPrefix(while: { $0 == " " || $0 == "\t" }) }
            .filter { !$0.isEmpty }
        let text = lines.joined(separator: "; ")
        guard kind == .connection, let target, serversTriedForWrites == nil else {
            return text
        }
        return "cannot connect to \(target): \(text)"
    }

    public var description: String {
        var text = message
        if let sqlState { text = "\(sqlState): \(text)" }
        if let detail { text += " (\(detail))" }
        if let hint { text += " Hint: \(hint)" }
        if let sql { text += " — in: \(sql)" }
        return text
    }
}
