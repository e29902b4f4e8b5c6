import CLibPQ

// What libpq does with the server's notices and with messages that arrive while no statement runs.

extension PGConnection {
    /// Drops the server's notices and warnings, and the messages that arrive while no statement
    /// runs (a `FATAL` when an administrator ends the session), instead of letting libpq print them
    /// on standard error, where they would land in the middle of a terminal program's screen. A
    /// connection that waits for notifications reads such messages while idle.
    ///
    /// A statement's own error is still thrown by the call that ran it; the connection's loss is
    /// still found by the next call.
    public func discardNotices() {
        connection.withLock { connection in
            guard let handle = connection.handle else {
                return
            }
            _ = PQsetNoticeProcessor(handle, { _, _ in }, nil)
        }
    }
}
