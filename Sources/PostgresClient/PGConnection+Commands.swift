import CLibPQ

#if canImport(Glibc)
    import Glibc
#endif

/// How every command is sent and its results waited for, so that an interrupt armed on the
/// ``PGCancelHandle`` stops it wherever it is: not sent yet, sent but not begun by the server, or
/// running.
extension PGConnection {
    /// What runs instead of a command asked for after an armed ``PGCancelHandle/interrupt()``: it
    /// fails on the server as a cancelled statement does (SQLSTATE 57014), so the connection and
    /// its transaction end up as a cancel would leave them (an open transaction aborted).
    static let interruptedCommand =
        "DO $$BEGIN RAISE EXCEPTION 'canceling statement due to user request' USING ERRCODE = 'query_canceled'; END$$"

    /// How long the connection waits for a command it asked the server to cancel before asking
    /// again: a cancel request that reaches the server while it still reads the command is
    /// dropped by the server.
    static let cancelRepeatMilliseconds = 250

    /// Sends a command with `send` on the open connection (its rows still coming read first), or,
    /// once an armed interrupt was asked, ``interruptedCommand`` instead.
    ///
    /// - Throws: ``PGError`` of kind `.misuse` when the connection is closed, `.connection` when
    ///   the command cannot be sent.
    func send(_ connection: inout ConnectionHandle, sql: String, _ send: (OpaquePointer) -> Int32) throws -> OpaquePointer {
        let handle = try connection.open(sql: sql)
        let sent = cancelHandle.isInterrupted ? PQsendQuery(handle, Self.interruptedCommand) : send(handle)
        guard sent == 1 else {
            throw PGError.connection(handle, sql: sql)
        }
        return handle
    }

    /// The next result of the command sent on `handle`, nil once it has ended (libpq's
    /// `PQgetResult`, waiting as ``awaitResult(_:cancelHandle:)`` does).
    static func nextResult(_ handle: OpaquePointer, cancelHandle: PGCancelHandle) -> OpaquePointer? {
        awaitResult(handle, cancelHandle: cancelHandle)
        return PQgetResult(handle)
    }

    /// Waits until libpq has the command's next result. Unarmed, `PQgetResult` waits by itself
    /// (an interrupt's cancel request stops what runs); armed, the wait asks the server to cancel
    /// once an interrupt was asked, and again every ``cancelRepeatMilliseconds`` while the command
    /// goes on, so that a request that came before the command reached the server is not lost.
    static func awaitResult(_ handle: OpaquePointer, cancelHandle: PGCancelHandle) {
        // A result already read (a streamed row, most of the time) needs no wait.
        guard PQisBusy(handle) == 1, cancelHandle.isArmed else {
            return
        }
        var sentAt: ContinuousClock.Instant?
        while PQisBusy(handle) == 1 {
            if cancelHandle.isInterrupted,
               sentAt.map({ $0.duration(to: .now) >= .milliseconds(cancelRepeatMilliseconds) }) ?? true {
                try? cancelHandle.cancel()
                sentAt = .now
            }
            var descriptor = pollfd(fd: PQsocket(handle), events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, 50)
            if ready < 0 && errno != EINTR {
                return  // PQgetResult reports the broken connection.
            }
            if ready > 0 && PQconsumeInput(handle) == 0 {
                return
            }
        }
    }

    /// Every result of the command sent on `handle`, read to its end: the last one, or the first
    /// error (as `PQexec` answers).
    ///
    /// - Throws: ``PGError`` with the server's fields when the command failed, `.connection` when
    ///   the connection was lost.
    static func lastResult(_ handle: OpaquePointer, cancelHandle: PGCancelHandle, sql: String) throws -> PGResult {
        var last: OpaquePointer?
        var failure: OpaquePointer?
        while let result = nextResult(handle, cancelHandle: cancelHandle) {
            switch PQresultStatus(result) {
            case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY, PGRES_SINGLE_TUPLE:
                if failure == nil {
                    if let last { PQclear(last) }
                    last = result
                } else {
                    PQclear(result)
                }
            case PGRES_COPY_IN, PGRES_COPY_OUT, PGRES_COPY_BOTH:
                // The connection is in COPY until the caller ends it, as after PQexec.
                if let last { PQclear(last) }
                if let failure { PQclear(failure) }
                return try checked(result, handle: handle, sql: sql)
            default:
                if failure == nil {
                    failure = result
                } else {
                    PQclear(result)
                }
            }
        }
        if let failure {
            if let last { PQclear(last) }
            return try checked(failure, handle: handle, sql: sql)
        }
        return try checked(last, handle: handle, sql: sql)
    }
}
