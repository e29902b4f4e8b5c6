import CLibPQ

/// A statement the server parsed and planned once, to run many times with different values
/// (libpq's `PQprepare` and `PQexecPrepared`). It belongs to the connection that prepared it.
///
/// ```swift
/// let insert = try connection.prepare("INSERT INTO item (name, score) VALUES ($1, $2)")
/// for (name, score) in items {
///     try connection.execute(insert, [.text(name), .text(String(score))])
/// }
/// ```
public struct PGPreparedStatement: Sendable, Hashable {
    /// The name the server knows it by (`reef_1`, `reef_2`…, one series per connection).
    public let name: String
    /// Its text.
    public let sql: String
    /// The types the server inferred for its `$1`, `$2`… placeholders, in order.
    public let parameterTypes: [PGTypeOID]
    /// The names of the columns its rows have (none for a statement that returns no rows).
    public let columnNames: [String]
    /// The types of those columns, in order.
    public let columnTypes: [PGTypeOID]
}

extension PGConnection {
    /// Prepares `sql` (one statement with `$1`, `$2`… placeholders) on this connection.
    ///
    /// - Throws: ``PGError`` with the server's message and the error's position when the statement
    ///   does not parse or names what does not exist.
    public func prepare(_ sql: String) throws -> PGPreparedStatement {
        try connection.withLock { connection in
            connection.preparedCount += 1
            let name = "reef_\(connection.preparedCount)"
            var handle = try send(&connection, sql: sql) { PQsendPrepare($0, name, sql, 0, nil) }
            _ = try Self.lastResult(handle, cancelHandle: cancelHandle, sql: sql)
            handle = try send(&connection, sql: sql) { PQsendDescribePrepared($0, name) }
            let description = try Self.lastResult(handle, cancelHandle: cancelHandle, sql: sql)
            let types = (0..<description.parameterCount).map { description.parameterType(at: $0) }
            let columns = 0..<description.columnCount
            return PGPreparedStatement(
                name: name, sql: sql, parameterTypes: types, columnNames: columns.map(description.columnName),
                columnTypes: columns.map(description.columnType))
        }
    }

    /// Checks that the server reads `sql` (one statement with `$1`, `$2`… placeholders): it is
    /// parsed and analysed as the unnamed statement, in one round trip, and neither run nor kept
    /// (``prepare(_:)`` takes two, and a named statement to drop).
    ///
    /// - Throws: ``PGError`` with the server's message and the error's position when the statement
    ///   does not parse or names what does not exist.
    public func check(_ sql: String) throws {
        try connection.withLock { connection in
            let handle = try send(&connection, sql: sql) { PQsendPrepare($0, "", sql, 0, nil) }
            _ = try Self.lastResult(handle, cancelHandle: cancelHandle, sql: sql)
        }
    }

    /// Runs a prepared statement with `parameters` for its placeholders and returns all its rows.
    ///
    /// - Throws: ``PGError`` of kind `.misuse` naming both counts when `parameters` does not
    ///   match the placeholders (nothing is sent), or the server's error.
    @discardableResult
    public func execute(_ statement: PGPreparedStatement, _ parameters: [PGParameter] = []) throws -> PGResult {
        try Self.checkCount(parameters, for: statement)
        return try connection.withLock { connection in
            let handle = try sendPrepared(statement, parameters, on: &connection)
            return try Self.lastResult(handle, cancelHandle: cancelHandle, sql: statement.sql)
        }
    }

    /// Runs a prepared query and hands its rows to `body` one at a time as they arrive, as
    /// ``forEachRow(_:_:_:)`` does for a statement's text.
    public func forEachRow(
        _ statement: PGPreparedStatement, _ parameters: [PGParameter] = [], _ body: (PGRow) throws -> Void
    ) throws {
        try Self.checkCount(parameters, for: statement)
        try connection.withLock { connection in
            let handle = try sendPrepared(statement, parameters, on: &connection)
            try Self.streamRows(LockedHandle(pointer: handle), sql: statement.sql, cancelHandle: cancelHandle, body)
        }
    }

    /// Drops a prepared statement from the server (`DEALLOCATE`); running it afterwards is an error.
    public func deallocate(_ statement: PGPreparedStatement) throws {
        try executeScript("DEALLOCATE " + Self.quoteIdentifier(statement.name))
    }

    /// Sends `statement` with `parameters` on the connection without waiting for its result, as
    /// ``send(_:sql:_:)`` sends any command.
    ///
    /// - Throws: ``PGError`` of kind `.connection` when it cannot be sent.
    func sendPrepared(
        _ statement: PGPreparedStatement, _ parameters: [PGParameter], on connection: inout ConnectionHandle
    ) throws -> OpaquePointer {
        try send(&connection, sql: statement.sql) { handle in
            withParameters(parameters) { values, lengths, formats in
                PQsendQueryPrepared(handle, statement.name, Int32(parameters.count), values, lengths, formats, 0)
            }
        }
    }

    /// Checks that `parameters` fill `statement`'s placeholders.
    ///
    /// - Throws: ``PGError`` of kind `.misuse` naming both counts when they do not.
    static func checkCount(_ parameters: [PGParameter], for statement: PGPreparedStatement) throws {
        try checkCount(parameters.count, for: statement)
    }

    /// Checks that `count` values fill `statement`'s placeholders.
    ///
    /// - Throws: ``PGError`` of kind `.misuse` naming both counts when they do not.
    static func checkCount(_ count: Int, for statement: PGPreparedStatement) throws {
        guard count == statement.parameterTypes.count else {
            throw PGError(
                kind: .misuse,
                message: "the statement has \(statement.parameterTypes.count) placeholders but \(count) values were given",
                sql: statement.sql)
        }
    }
}
