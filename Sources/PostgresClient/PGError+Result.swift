import CLibPQ

extension PGError {
    /// The error a failed result on `handle` describes: a `.connection` error when the connection
    /// is gone with it (the server process ended, the network failed), else the server's.
    static func from(result: OpaquePointer, handle: OpaquePointer, sql: String?) -> PGError {
        let error = from(result: result, sql: sql)
        guard PQstatus(handle) != CONNECTION_OK else {
            return error
        }
        return PGError(
            kind: .connection, message: error.message, sqlState: error.sqlState, severity: error.severity,
            detail: error.detail, hint: error.hint, sql: sql)
    }

    /// The error a failed result describes, with every field the server sent.
    static func from(result: OpaquePointer, sql: String?) -> PGError {
        func field(_ code: Int32) -> String? {
            PQresultErrorField(result, code).map { String(cString: $0) }
        }
        let sqlState = field(clibpq_diag_sqlstate())
        let message = field(clibpq_diag_message())
            ?? PQresultErrorMessage(result).map { String(cString: $0).trimmingTrailingNewlines() }
            ?? "unknown error"
        return PGError(
            kind: sqlState == "57014" ? .cancelled : .server, message: message, sqlState: sqlState,
            severity: field(clibpq_diag_severity()), detail: field(clibpq_diag_detail()),
            hint: field(clibpq_diag_hint()), position: field(clibpq_diag_position()).flatMap { Int($0) },
            schema: field(clibpq_diag_schema()), table: field(clibpq_diag_table()),
            column: field(clibpq_diag_column()), constraint: field(clibpq_diag_constraint()), sql: sql)
    }

    /// The connection's last error message, as a connection error.
    ///
    /// - Parameter failedToConnect: whether `handle` never connected: the error then names where it
    ///   tried to go (``target``).
    static func connection(_ handle: OpaquePointer?, sql: String? = nil, failedToConnect: Bool = false) -> PGError {
        let message = handle.flatMap { PQerrorMessage($0) }.map { String(cString: $0).trimmingTrailingNewlines() }
        if failedToConnect, let handle, let tried = PGConnection.serversTriedForWrites(handle) {
            // libpq's message says what each server answered, one after the other: the summary
            // names them all first.
            return PGError(
                kind: .connection, message: "no server accepting writes: tried " + tried.joined(separator: ", "),
                detail: message.flatMap { $0.isEmpty ? nil : $0 }, sql: sql, target: PGConnectionTarget(handle),
                serversTriedForWrites: tried)
        }
        return PGError(
            kind: .connection, message: message.flatMap { $0.isEmpty ? nil : $0 } ?? "connection failed", sql: sql,
            target: failedToConnect ? handle.map(PGConnectionTarget.init) : nil,
            needsPassword: failedToConnect && handle.map { PQconnectionNeedsPassword($0) != 0 } == true)
    }
}

extension String {
    /// The text without the line breaks libpq ends its messages with.
    func trimmingTrailingNewlines() -> String {
        var text = Substring(self)
        while let last = text.last, last == "\n" || last == "\r" {
            text = text.dropLast()
        }
        return String(text)
    }
}
