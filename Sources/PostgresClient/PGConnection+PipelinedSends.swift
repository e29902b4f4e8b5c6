import CLibPQ

/// What one statement sent with ``PGConnection/sendPipelined(_:_:binaryResults:)`` answered: its
/// first row, read in place, and the rows it changed.
public struct PGPipelinedAnswer {
    /// Its first row (what an insert's `RETURNING` gave), valid only inside the call it is handed
    /// to; nil when it returned none.
    public let firstRow: PGQueryRow?
    /// The rows an `INSERT`, `UPDATE` or `DELETE` changed; 0 for a statement that changes none.
    public let affectedRows: Int
}

extension PGConnection {
    /// Sends a prepared statement without waiting for its answer (libpq's pipeline mode, entered
    /// by the first statement sent): a run of writes costs one round trip for all rather than one
    /// each. ``readPipelinedAnswers(_:)`` reads the answers, in the order the statements were sent;
    /// until then nothing else can run on the connection (another command throws).
    ///
    /// ```swift
    /// for name in names {
    ///     parameters.set(.text(name), at: 0)
    ///     try connection.sendPipelined(insert, parameters)
    /// }
    /// try connection.readPipelinedAnswers { answer in print(answer.affectedRows) }
    /// ```
    ///
    /// - Throws: ``PGError`` of kind `.misuse` naming both counts when `parameters` does not hold
    ///   one value a placeholder (nothing is sent), `.connection` when it cannot be sent.
    public func sendPipelined(
        _ statement: PGPreparedStatement, _ parameters: PGParameterBuffer, binaryResults: Bool = false
    ) throws {
        try Self.checkCount(parameters.count, for: statement)
        try connection.withLock { connection in
            let handle: OpaquePointer
            if connection.pipelined.isEmpty {
                handle = try connection.open(sql: statement.sql)
                guard PQenterPipelineMode(handle) == 1 else {
                    throw PGError.connection(handle, sql: statement.sql)
                }
            } else if let open = connection.handle {
                handle = open
            } else {
                throw PGError(kind: .misuse, message: "the connection is closed", sql: statement.sql)
            }
            // An armed interrupt sends what fails as a cancelled statement does, as any command's.
            let sent = cancelHandle.isInterrupted
                ? PQsendQueryParams(handle, Self.interruptedCommand, 0, nil, nil, nil, nil, 0)
                : parameters.withArrays { values, lengths, formats in
                    PQsendQueryPrepared(
                        handle, statement.name, Int32(parameters.count), values, lengths, formats, binaryResults ? 1 : 0)
                }
            guard sent == 1 else {
                if connection.pipelined.isEmpty { PQexitPipelineMode(handle) }
                throw PGError.connection(handle, sql: statement.sql)
            }
            connection.pipelined.append(statement.sql)
        }
    }

    /// How many statements sent with ``sendPipelined(_:_:binaryResults:)`` await their answers.
    public var pipelinedCount: Int {
        connection.withLock { $0.pipelined.count }
    }

    /// Ends the pipeline: reads the answer of every statement sent, in the order sent, handing
    /// each that succeeded to `body`, then leaves pipeline mode, so the connection is ready for
    /// any command whatever happened. The first statement that failed stops the rest (the server
    /// skips them, and `body` hears of none after it); its error is thrown once every answer has
    /// been read. An error `body` throws likewise stops the calls to it and is thrown at the end.
    ///
    /// `body` runs while the connection's lock is held: it must not use the connection.
    ///
    /// - Throws: ``PGError`` with the server's fields for the first statement that failed,
    ///   `.cancelled` when it was cancelled, `.connection` when the connection was lost; or what
    ///   `body` threw.
    public func readPipelinedAnswers(_ body: (PGPipelinedAnswer) throws -> Void) throws {
        try connection.withLock { connection in
            guard !connection.pipelined.isEmpty else {
                return
            }
            let statements = connection.pipelined
            connection.pipelined = []
            guard let handle = connection.handle else {
                throw PGError(kind: .misuse, message: "the connection is closed", sql: statements.first)
            }
            var failure: (any Error)?
            let synced = PQpipelineSync(handle) == 1
            if synced {
                for sql in statements {
                    // One statement's results, ended by the NULL libpq gives after each.
                    while let result = Self.nextResult(handle, cancelHandle: cancelHandle) {
                        defer { PQclear(result) }
                        switch PQresultStatus(result) {
                        case PGRES_TUPLES_OK, PGRES_COMMAND_OK:
                            guard failure == nil else { continue }
                            let answer = PGPipelinedAnswer(
                                firstRow: PQntuples(result) > 0 ? PGQueryRow(result) : nil,
                                affectedRows: Self.affectedRows(result))
                            do { try body(answer) } catch { failure = error }
                        case PGRES_PIPELINE_ABORTED:
                            break
                        default:
                            if failure == nil { failure = PGError.from(result: result, handle: handle, sql: sql) }
                        }
                    }
                }
                while let result = Self.nextResult(handle, cancelHandle: cancelHandle) {
                    let status = PQresultStatus(result)
                    PQclear(result)
                    if status == PGRES_PIPELINE_SYNC { break }
                }
            }
            if PQexitPipelineMode(handle) != 1 || !synced {
                failure = failure ?? PGError.connection(handle, sql: statements.first)
            }
            if let failure {
                throw failure
            }
        }
    }

    /// The rows a result's command changed, read from its tag's count (libpq's `PQcmdTuples`)
    /// without making a `String`; 0 when the tag has none.
    private static func affectedRows(_ result: OpaquePointer) -> Int {
        guard var digit = PQcmdTuples(result) else {
            return 0
        }
        var count = 0
        while digit.pointee >= 48 && digit.pointee <= 57 {
            count = count &* 10 &+ Int(digit.pointee - 48)
            digit += 1
        }
        return count
    }
}
