import CLibPQ

/// A prepared statement running on its connection, its rows read one at a time as the server
/// sends them (libpq's single-row mode): a result of any size takes the memory of one row, and a
/// small one still comes in one round trip.
///
/// ```swift
/// let query = try connection.startQuery(statement, [.text("10")])
/// while let row = try query.next() { print(row.text(at: 0) ?? "NULL") }
/// print(query.commandTag ?? "")  // SELECT 3
/// ```
///
/// The connection stays usable meanwhile: when anything else is sent on it before the query is
/// read to its end (a nested statement, say), the rows still to come are first read into the
/// query, which then hands them out from memory. A query dropped before its end has the rest of
/// its rows read and dropped by the connection's next command.
///
/// Used by one thread at a time; its state is only touched under its connection's lock.
public final class PGQuery: @unchecked Sendable {
    /// The connection running it.
    public let connection: PGConnection
    /// The statement's text.
    public let sql: String
    /// Whether its rows come in their types' binary form (``PGResult/isBinary``).
    public let binaryResults: Bool
    /// Rows read ahead of the caller (each a one-row result, owned here), when the connection was
    /// needed for something else; the first `bufferedStart` of them were handed out already.
    private var buffered: [OpaquePointer] = []
    private var bufferedStart = 0
    /// The row ``advance()`` moved to (a one-row result, owned here, read through ``PGQueryRow``).
    private var current: OpaquePointer?
    /// Whether results may still come from the connection.
    private var streaming = true
    /// The error the server ended the statement with, thrown once the results are all read.
    private var failure: PGError?
    /// The command tag of the statement's end (`SELECT 3`, `INSERT 0 1`), once it has ended.
    public private(set) var commandTag: String?
    /// The rows an `INSERT`, `UPDATE`, `DELETE` (or `MERGE`, `COPY`) changed, once it has ended.
    public private(set) var affectedRows: Int?

    init(connection: PGConnection, sql: String, binaryResults: Bool) {
        self.connection = connection
        self.sql = sql
        self.binaryResults = binaryResults
    }

    deinit {
        if let current { PQclear(current) }
        for result in buffered[bufferedStart...] { PQclear(result) }
    }

    /// Whether the statement has run to its end and every row was handed out.
    public var isFinished: Bool {
        connection.connection.withLock { _ in !streaming && bufferedStart == buffered.count }
    }

    /// The next row, or nil once the statement has ended.
    ///
    /// - Throws: ``PGError`` with the server's fields when the statement failed (after the rows
    ///   that came before the failure), `.cancelled` when it was cancelled, `.connection` when the
    ///   connection was lost or closed.
    public func next() throws -> PGRow? {
        try nextResult().map { PGResult(handle: $0, isBinary: binaryResults)[0] }
    }

    /// Moves to the next row and returns it, read in place until the next move: the loop of a
    /// reader that takes each value once, with nothing made a row but libpq's own result. Nil
    /// once the statement has ended.
    ///
    /// - Throws: what ``next()`` throws.
    public func advance() throws -> PGQueryRow? {
        if let current {
            PQclear(current)
            self.current = nil
        }
        current = try nextResult()
        return current.map(PGQueryRow.init)
    }

    /// Calls `body` with the row ``advance()`` moved to, as a ``PGRow`` for its typed readers; nil
    /// without calling it when there is none. The row is valid only inside `body`.
    public func withCurrentRow<T>(_ body: (PGRow) throws -> T) rethrows -> T? {
        guard let current else { return nil }
        let borrowed = PGResult(borrowing: current, isBinary: binaryResults)
        return try body(borrowed[0])
    }

    /// The next one-row result, owned by the caller, or nil once the statement has ended.
    private func nextResult() throws -> OpaquePointer? {
        try connection.connection.withLock { handle in
            if bufferedStart < buffered.count {
                let result = buffered[bufferedStart]
                bufferedStart += 1
                if bufferedStart == buffered.count {
                    buffered.removeAll(keepingCapacity: false)
                    bufferedStart = 0
                }
                return result
            }
            if streaming {
                guard handle.queryInFlight, handle.activeQueryID == ObjectIdentifier(self), let pointer = handle.handle else {
                    streaming = false
                    throw PGError(kind: .connection, message: "the connection was closed while the query ran", sql: sql)
                }
                if let row = readOne(pointer) {
                    return row
                }
                handle.queryInFlight = false
                handle.setActiveQuery(nil)
            }
            if let failure {
                self.failure = nil
                throw failure
            }
            return nil
        }
    }

    /// Reads the results that are left and drops them: the statement runs to its end.
    ///
    /// - Throws: the statement's error, as ``next()`` would.
    public func finish() throws {
        while try next() != nil {}
    }

    /// Stops the statement on the server and drops what it has not handed out: a cancel request,
    /// then the results still coming are read and dropped (a practically endless query stops at
    /// once rather than being read to its end). The connection is then free; ``next()`` answers
    /// nil.
    ///
    /// A cancelled statement fails on the server: inside a transaction it aborts it, and one that
    /// writes is rolled back. Cancel a read outside a transaction; ``finish()`` the others.
    public func cancel() {
        connection.connection.withLock { handle in
            for result in buffered[bufferedStart...] { PQclear(result) }
            buffered.removeAll(keepingCapacity: false)
            bufferedStart = 0
            failure = nil
            defer { streaming = false }
            guard streaming, handle.queryInFlight, handle.activeQueryID == ObjectIdentifier(self), let pointer = handle.handle else {
                return
            }
            // A statement that has ended on the server ignores the request.
            try? connection.cancelHandle.cancel()
            while let result = PGConnection.nextResult(pointer, cancelHandle: connection.cancelHandle) {
                PQclear(result)
            }
            handle.queryInFlight = false
            handle.setActiveQuery(nil)
        }
    }

    // MARK: - Under the connection's lock

    /// The next row from the connection, or nil once the statement has ended (its end and any
    /// error recorded).
    private func readOne(_ handle: OpaquePointer) -> OpaquePointer? {
        while let result = PGConnection.nextResult(handle, cancelHandle: connection.cancelHandle) {
            switch PQresultStatus(result) {
            case PGRES_SINGLE_TUPLE:
                return result
            case PGRES_TUPLES_OK, PGRES_COMMAND_OK, PGRES_EMPTY_QUERY:
                let end = PGResult(handle: result)
                commandTag = end.commandTag
                affectedRows = end.affectedRows
            default:
                if failure == nil {
                    failure = PGError.from(result: result, handle: handle, sql: sql)
                }
                PQclear(result)
            }
        }
        streaming = false
        return nil
    }

    /// Reads every result still to come into memory, so that the connection can run something
    /// else; the caller hands the rows out later.
    func readAhead(_ handle: OpaquePointer) {
        while let row = readOne(handle) {
            buffered.append(row)
        }
    }
}

extension PGConnection {
    /// Starts a prepared statement with `parameters` for its placeholders and returns at once;
    /// its rows are read with ``PGQuery/next()`` as they arrive.
    ///
    /// - Parameter binaryResults: whether the server sends every value in its type's binary form
    ///   (``PGResult/isBinary``) rather than its text form: integers and doubles read without
    ///   parsing, bytea as its bytes. Ask for it only where every column's binary form is known to
    ///   the reader.
    /// - Throws: ``PGError`` of kind `.misuse` naming both counts when `parameters` does not match
    ///   the placeholders (nothing is sent), `.connection` when it cannot be sent.
    public func startQuery(
        _ statement: PGPreparedStatement, _ parameters: [PGParameter] = [], binaryResults: Bool = false
    ) throws -> PGQuery {
        try Self.checkCount(parameters, for: statement)
        return try startQuery(statement, PGParameterBuffer(parameters), binaryResults: binaryResults)
    }

    /// Starts a prepared statement with the values `parameters` holds, as
    /// ``startQuery(_:_:binaryResults:)`` does: a statement run many times keeps one buffer and
    /// sets its values again for each run, with no allocation a run.
    ///
    /// - Throws: ``PGError`` of kind `.misuse` naming both counts when `parameters` does not hold
    ///   one value a placeholder (nothing is sent), `.connection` when it cannot be sent.
    public func startQuery(
        _ statement: PGPreparedStatement, _ parameters: PGParameterBuffer, binaryResults: Bool = false
    ) throws -> PGQuery {
        try Self.checkCount(parameters.count, for: statement)
        let query = PGQuery(connection: self, sql: statement.sql, binaryResults: binaryResults)
        try connection.withLock { connection in
            let handle = try send(&connection, sql: statement.sql) { handle in
                parameters.withArrays { values, lengths, formats in
                    PQsendQueryPrepared(
                        handle, statement.name, Int32(parameters.count), values, lengths, formats, binaryResults ? 1 : 0)
                }
            }
            PQsetSingleRowMode(handle)
            connection.queryInFlight = true
            connection.setActiveQuery(query)
        }
        return query
    }
}
