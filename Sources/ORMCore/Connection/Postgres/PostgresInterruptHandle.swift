import PostgresClient

/// Stops the statement a ``PostgresConnection`` runs, from any thread: a cancel request
/// (`PQcancel`) to the server process serving the connection. The statement then fails with a
/// ``PostgresDatabaseError`` whose ``PostgresDatabaseError/isInterrupted`` is true (SQLSTATE
/// `57014`); a request that arrives when nothing runs does nothing.
final class PostgresInterruptHandle: InterruptHandle {
    private let cancelHandle: PGCancelHandle

    init(_ cancelHandle: PGCancelHandle) {
        self.cancelHandle = cancelHandle
    }

    func interrupt() {
        // A server that cannot be reached has no statement of ours to stop.
        try? cancelHandle.cancel()
    }
}
