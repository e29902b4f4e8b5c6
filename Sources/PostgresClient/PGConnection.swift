import CLibPQ
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// One connection to a PostgreSQL server through libpq, the library `psql` itself uses.
///
/// ```swift
/// let connection = try PGConnection("postgres://ann@db.example.com:5432/sales")
/// let rows = try connection.execute("SELECT name, total FROM orders WHERE total > $1", [.text("100")])
/// for row in rows { print(row.text(at: 0) ?? "NULL") }
/// ```
///
/// The connection string is a URL (`postgres://user:password@host:port/db?sslmode=require`) or
/// libpq's `key=value` form (`host=/var/run/postgresql dbname=sales`); libpq fills in what it
/// leaves out from the `PG*` environment variables, `~/.pgpass` and service files, as `psql` does.
/// Text is exchanged in UTF-8 whatever the environment says.
///
/// A connection runs one statement at a time: calls from several threads wait for each other.
/// ``cancelHandle`` stops the running statement from any thread.
public final class PGConnection: Sendable {
    /// The libpq connection, reached only under the lock (libpq connections are not thread-safe).
    let connection: Mutex<ConnectionHandle>
    /// Stops the statement running on this connection, from any thread.
    public let cancelHandle: PGCancelHandle
    /// The server, database and user connected to: of several hosts, the one libpq reached (again
    /// after ``reconnect()``, which may reach another). Read without waiting for a running statement.
    public var target: PGConnectionTarget { reached.withLock { $0 } }
    private let reached: Mutex<PGConnectionTarget>

    /// Opens a connection.
    ///
    /// - Parameters:
    ///   - connectionString: a `postgres://` or `postgresql://` URL, or `key=value` pairs; empty
    ///     uses the environment and libpq's defaults alone.
    ///   - applicationName: reported to the server (`pg_stat_activity`) unless the string names one.
    ///   - settings: libpq parameters that override the string's (`target_session_attrs`,
    ///     `connect_timeout`…), by keyword.
    /// - Throws: ``PGError`` of kind `.badConnectionString` when libpq cannot read the string, or
    ///   `.connection` with libpq's message when the server cannot be reached or refuses.
    public init(_ connectionString: String, applicationName: String = "reef", settings: [String: String] = [:]) throws {
        try Self.validate(connectionString)
        // Later keywords win over what libpq expands from `dbname`'s connection string.
        let overrides = settings.sorted { $0.key < $1.key }
        let keywords = ["dbname", "fallback_application_name", "client_encoding"] + overrides.map(\.key)
        let values = [connectionString, applicationName, "UTF8"] + overrides.map(\.value)
        let handle = withCStrings(keywords) { keywordPointers in
            withCStrings(values) { valuePointers in
                PQconnectdbParams(keywordPointers, valuePointers, 1)
            }
        }
        guard let handle else {
            throw PGError(kind: .connection, message: "out of memory")
        }
        guard PQstatus(handle) == CONNECTION_OK else {
            let error = PGError.connection(handle, failedToConnect: true)
            PQfinish(handle)
            throw error
        }
        guard let cancelHandle = PGCancelHandle(connection: handle) else {
            PQfinish(handle)
            throw PGError(kind: .connection, message: "libpq could not make a cancel handle")
        }
        self.cancelHandle = cancelHandle
        reached = Mutex(PGConnectionTarget(handle))
        connection = Mutex(ConnectionHandle(handle))
    }

    deinit {
        connection.withLock { $0.close() }
    }

    /// Checks a connection string without connecting.
    ///
    /// - Throws: ``PGError`` of kind `.badConnectionString` with libpq's reason.
    public static func validate(_ connectionString: String) throws {
        _ = try parameters(of: connectionString)
    }

    /// The values libpq's option list `options` holds, by keyword (options without a value left out).
    static func values(of options: UnsafeMutablePointer<PQconninfoOption>) -> [String: String] {
        var found: [String: String] = [:]
        var option = options
        while let keyword = option.pointee.keyword {
            if let value = option.pointee.val {
                found[String(cString: keyword)] = String(cString: value)
            }
            option += 1
        }
        return found
    }

    /// The parameters `connectionString` itself sets, by libpq keyword (`host`, `port`,
    /// `target_session_attrs`…), as libpq reads it: a URL's hosts as one comma-separated `host`.
    /// What the environment or a service file would add is not included.
    ///
    /// - Throws: ``PGError`` of kind `.badConnectionString` with libpq's reason.
    public static func parameters(of connectionString: String) throws -> [String: String] {
        try PGLibrary.load()
        var message: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(connectionString, &message) else {
            let reason = message.map { String(cString: $0).trimmingTrailingNewlines() } ?? "out of memory"
            if let message {
                PQfreemem(message)
            }
            throw PGError(kind: .badConnectionString, message: reason)
        }
        defer { PQconninfoFree(options) }
        return values(of: options)
    }

    // MARK: - Statements

    /// Runs one statement with its `$1`, `$2`… parameters bound, and returns all its rows.
    ///
    /// - Throws: ``PGError`` with the server's fields (SQLSTATE, detail, hint, position, the
    ///   constraint) when the statement fails, `.cancelled` when it was cancelled.
    @discardableResult
    public func execute(_ sql: String, _ parameters: [PGParameter] = []) throws -> PGResult {
        try connection.withLock { connection in
            let handle = try send(&connection, sql: sql) { handle in
                withParameters(parameters) { values, lengths, formats in
                    PQsendQueryParams(handle, sql, Int32(parameters.count), nil, values, lengths, formats, 0)
                }
            }
            return try Self.lastResult(handle, cancelHandle: cancelHandle, sql: sql)
        }
    }

    /// Runs several statements separated by `;`, with no parameters (the simple query protocol).
    ///
    /// Unless the script manages its own transaction, the server runs it as one: a failure leaves
    /// none of it applied.
    ///
    /// - Returns: the result of the last statement.
    @discardableResult
    public func executeScript(_ sql: String) throws -> PGResult {
        try connection.withLock { connection in
            let handle = try send(&connection, sql: sql) { PQsendQuery($0, sql) }
            return try Self.lastResult(handle, cancelHandle: cancelHandle, sql: sql)
        }
    }

    /// Runs a query and hands its rows to `body` one at a time as the server sends them (libpq's
    /// single-row mode), so a result of any size takes the memory of one row.
    ///
    /// When `body` throws, the statement is cancelled and the error rethrown.
    public func forEachRow(_ sql: String, _ parameters: [PGParameter] = [], _ body: (PGRow) throws -> Void) throws {
        try connection.withLock { connection in
            let handle = try send(&connection, sql: sql) { handle in
                withParameters(parameters) { values, lengths, formats in
                    PQsendQueryParams(handle, sql, Int32(parameters.count), nil, values, lengths, formats, 0)
                }
            }
            try Self.streamRows(LockedHandle(pointer: handle), sql: sql, cancelHandle: cancelHandle, body)
        }
    }

    /// Reads the rows of the query just sent on `handle` one at a time (single-row mode), handing
    /// each to `body`; when `body` throws, cancels the query, drains what is left and rethrows.
    static func streamRows(
        _ locked: LockedHandle, sql: String, cancelHandle: PGCancelHandle, _ body: (PGRow) throws -> Void
    ) throws {
        let handle = locked.pointer
        PQsetSingleRowMode(handle)
        var failure: (any Error)?
        while let result = nextResult(handle, cancelHandle: cancelHandle) {
            if failure != nil {
                PQclear(result)
                continue
            }
            switch PQresultStatus(result) {
            case PGRES_SINGLE_TUPLE:
                let rows = PGResult(handle: result)
                do {
                    try body(rows[0])
                } catch {
                    failure = error
                    try? cancelHandle.cancel()
                }
            case PGRES_TUPLES_OK, PGRES_COMMAND_OK:
                PQclear(result)
            default:
                failure = PGError.from(result: result, handle: handle, sql: sql)
                PQclear(result)
            }
        }
        if let failure {
            throw failure
        }
    }

    // MARK: - Notifications

    /// Starts listening on `channel` (`LISTEN`, the name quoted as given).
    public func listen(_ channel: String) throws {
        try executeScript("LISTEN " + Self.quoteIdentifier(channel))
    }

    /// Stops listening on `channel`.
    public func unlisten(_ channel: String) throws {
        try executeScript("UNLISTEN " + Self.quoteIdentifier(channel))
    }

    /// The notifications that have arrived, waiting up to `milliseconds` for the first one (0
    /// returns at once; nil waits until one comes).
    ///
    /// - Throws: ``PGError`` when the connection is lost.
    public func notifications(waitingUpTo milliseconds: Int? = 0) throws -> [PGNotification] {
        try connection.withLock { connection in
            let handle = try connection.open(sql: nil)
            var received = try Self.drainNotifications(handle)
            if received.isEmpty, milliseconds != 0 {
                var descriptor = pollfd(fd: PQsocket(handle), events: Int16(POLLIN), revents: 0)
                let ready = poll(&descriptor, 1, Int32(clamping: milliseconds ?? -1))
                if ready > 0 {
                    received = try Self.drainNotifications(handle)
                }
            }
            return received
        }
    }

    private static func drainNotifications(_ handle: OpaquePointer) throws -> [PGNotification] {
        guard PQconsumeInput(handle) == 1 else {
            throw PGError.connection(handle)
        }
        var received: [PGNotification] = []
        while let notice = PQnotifies(handle) {
            received.append(PGNotification(
                channel: String(cString: notice.pointee.relname), payload: String(cString: notice.pointee.extra),
                senderProcessID: notice.pointee.be_pid))
            PQfreemem(notice)
        }
        return received
    }

    // MARK: - State

    /// The server's version as a number (`150018` for 15.18).
    public var serverVersion: Int {
        connection.withLock { $0.handle.map { Int(PQserverVersion($0)) } ?? 0 }
    }

    /// The server process serving this connection (`pg_backend_pid()`).
    public var backendProcessID: Int32 {
        connection.withLock { $0.handle.map { PQbackendPID($0) } ?? 0 }
    }

    /// Whether the connection is up as far as libpq knows (a server that went away is noticed by
    /// the next statement, which fails with a `.connection` error).
    public var isConnected: Bool {
        connection.withLock { $0.handle.map { PQstatus($0) == CONNECTION_OK } ?? false }
    }

    /// Connects again with the same settings after the connection was lost (libpq's `PQreset`).
    /// What lived in the old session is gone: a transaction left open, prepared statements,
    /// `LISTEN`s, temporary tables and settings made with `SET`.
    ///
    /// - Throws: ``PGError`` of kind `.connection` naming where it tried to connect when the
    ///   server still cannot be reached, or `.misuse` once the connection was closed.
    public func reconnect() throws {
        try connection.withLock { connection in
            let handle = try connection.open(sql: nil)
            PQreset(handle)
            guard PQstatus(handle) == CONNECTION_OK else {
                throw PGError.connection(handle, failedToConnect: true)
            }
            PQsetClientEncoding(handle, "UTF8")
            cancelHandle.renew(for: handle)
            let now = PGConnectionTarget(handle)
            reached.withLock { $0 = now }
        }
    }

    /// Where the connection stands with respect to transactions.
    public var transactionStatus: PGTransactionStatus {
        connection.withLock { connection in
            guard let handle = connection.handle else {
                return .unknown
            }
            switch PQtransactionStatus(handle) {
            case PQTRANS_IDLE: return .idle
            case PQTRANS_ACTIVE: return .active
            case PQTRANS_INTRANS: return .inTransaction
            case PQTRANS_INERROR: return .inFailedTransaction
            default: return .unknown
            }
        }
    }

    /// A server setting reported to the client (`server_version`, `TimeZone`, `DateStyle`,
    /// `standard_conforming_strings`…), or nil.
    public func parameterStatus(_ name: String) -> String? {
        connection.withLock { connection in
            connection.handle.flatMap { PQparameterStatus($0, name) }.map { String(cString: $0) }
        }
    }

    /// Closes the connection; later calls throw.
    public func close() {
        connection.withLock { $0.close() }
    }

    /// `name` as a quoted identifier, embedded quotes doubled.
    public static func quoteIdentifier(_ name: String) -> String {
        "\"" + name.replacing("\"", with: "\"\"") + "\""
    }

    // MARK: - Results

    /// The result, or the error it holds (the result then freed).
    static func checked(_ result: OpaquePointer?, handle: OpaquePointer, sql: String) throws -> PGResult {
        guard let result else {
            throw PGError.connection(handle, sql: sql)
        }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY, PGRES_SINGLE_TUPLE:
            return PGResult(handle: result)
        default:
            let error = PGError.from(result: result, handle: handle, sql: sql)
            PQclear(result)
            throw error
        }
    }
}
