import PostgresClient
import ORMShared

/// Stops the statement a ``PostgresConnection`` runs, from any thread: a cancel request
/// (`PQcancel`) to the server process serving the connection. The statement then fails with a
/// ``PostgresDatabaseError`` whose ``PostgresDatabaseError/isInterrupted`` is true (SQLSTATE
/// `57014`). Unarmed, a request that arrives when nothing runs does nothing; armed (while
/// ``Interruption``'s work holds the connection), it also stops the statements started after it,
/// and one whose cancel request reached the server before the statement did, until disarmed
/// (``PGCancelHandle/arm()``). An interrupted statement inside a transaction aborts it, as
/// PostgreSQL does; outside one, the next statement runs.
final class PostgresInterruptHandle: InterruptHandle {
    private let cancelHandle: PGCancelHandle

    init(_ cancelHandle: PGCancelHandle) {
        self.cancelHandle = cancelHandle
    }

    package func interrupt() {
        cancelHandle.interrupt()
    }

    package func armInterruption() {
        cancelHandle.arm()
    }

    package func disarmInterruption() {
        cancelHandle.disarm()
    }
}
