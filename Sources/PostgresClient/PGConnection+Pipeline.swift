import CLibPQ

/// One statement of a pipeline (``PGConnection/executeAll(_:)``): its text and its `$1`, `$2`…
/// parameters.
public struct PGStatementText: Sendable {
    /// The statement.
    public var sql: String
    /// Its parameters, bound.
    public var parameters: [PGParameter]

    /// A statement with its parameters.
    public init(_ sql: String, _ parameters: [PGParameter] = []) {
        self.sql = sql
        self.parameters = parameters
    }
}

extension PGConnection {
    /// Runs `statements` in one round trip to the server (libpq's pipeline mode) and returns each
    /// one's result, in order: what a remote server costs a catalog read of several queries is
    /// one network wait instead of one each.
    ///
    /// Outside a transaction they run as one implicit transaction, inside one as part of it; the
    /// first that fails stops the rest (the server skips them) and its error is thrown once every
    /// result has been read, so the connection is ready for the next command either way.
    ///
    /// ```swift
    /// let results = try connection.executeAll([
    ///     PGStatementText("SELECT attname FROM pg_attribute WHERE attrelid = $1::oid", [oid]),
    ///     PGStatementText("SELECT indexrelid FROM pg_index WHERE indrelid = $1::oid", [oid]),
    /// ])
    /// let columns = results[0].map { $0.text(at: 0) ?? "" }
    /// ```
    ///
    /// - Throws: ``PGError`` with the server's fields for the first statement that failed,
    ///   `.cancelled` when cancelled, `.connection` when the connection was lost or closed.
    @discardableResult
    public func executeAll(_ statements: [PGStatementText]) throws -> [PGResult] {
        // One statement needs no pipeline; an interrupt asked for runs each as it would alone.
        if statements.count < 2 || cancelHandle.isInterrupted {
            return try statements.map { try execute($0.sql, $0.parameters) }
        }
        let text = statements.map(\.sql).joined(separator: ";\n")
        return try connection.withLock { connection in
            let handle = try connection.open(sql: text)
            guard PQenterPipelineMode(handle) == 1 else {
                throw PGError.connection(handle, sql: text)
            }
            var sent = 0
            for statement in statements {
                let accepted = withParameters(statement.parameters) { values, lengths, formats in
                    PQsendQueryParams(handle, statement.sql, Int32(statement.parameters.count), nil, values, lengths,
                                      formats, 0)
                }
                guard accepted == 1 else { break }
                sent += 1
            }
            let synced = PQpipelineSync(handle) == 1
            var results: [PGResult] = []
            var failure: (any Error)?
            for index in 0..<(synced ? sent : 0) {
                do {
                    results.append(try Self.pipelinedResult(handle, cancelHandle: cancelHandle, sql: statements[index].sql))
                } catch {
                    failure = failure ?? error
                }
            }
            if synced {
                Self.readSync(handle, cancelHandle: cancelHandle)
            }
            if PQexitPipelineMode(handle) != 1 || !synced || sent < statements.count {
                failure = failure ?? PGError.connection(handle, sql: text)
            }
            if let failure {
                throw failure
            }
            return results
        }
    }

    /// The result of one statement of a pipeline, read to its end (the `NULL` libpq gives after
    /// each statement's results); a statement the server skipped after an earlier failure throws
    /// as that failure's statement would not, so the caller keeps the first error.
    private static func pipelinedResult(_ handle: OpaquePointer, cancelHandle: PGCancelHandle, sql: String) throws -> PGResult {
        var last: OpaquePointer?
        var failure: OpaquePointer?
        var skipped = false
        while let result = nextResult(handle, cancelHandle: cancelHandle) {
            switch PQresultStatus(result) {
            case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
                if let last { PQclear(last) }
                last = result
            case PGRES_PIPELINE_ABORTED:
                skipped = true
                PQclear(result)
            default:
                if failure == nil { failure = result } else { PQclear(result) }
            }
        }
        if let failure {
            if let last { PQclear(last) }
            return try checked(failure, handle: handle, sql: sql)
        }
        if skipped {
            if let last { PQclear(last) }
            throw PGError(kind: .misuse, message: "skipped: an earlier statement of the pipeline failed", sql: sql)
        }
        return try checked(last, handle: handle, sql: sql)
    }

    /// Reads the pipeline's end (`PGRES_PIPELINE_SYNC`) and anything before it.
    private static func readSync(_ handle: OpaquePointer, cancelHandle: PGCancelHandle) {
        while let result = nextResult(handle, cancelHandle: cancelHandle) {
            let status = PQresultStatus(result)
            PQclear(result)
            if status == PGRES_PIPELINE_SYNC {
                return
            }
        }
    }
}
