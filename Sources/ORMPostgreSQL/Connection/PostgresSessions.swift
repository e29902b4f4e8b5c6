import ORMShared

/// The server processes of this process's sessions that never commit: every database's readers
/// (their transactions are read-only) and trial connections (theirs always roll back). The watch
/// of other sessions' commits leaves them out when it asks the server which sessions of its
/// database may have committed (``PostgresChangeWatch``): they read often, and would otherwise
/// look like sessions that just committed.
///
/// Each such ``PostgresConnection`` a driver opens enters its process id, again after it
/// reconnects, and leaves when it goes. Writers are not entered: another ``Database`` of this
/// process on the same server is another session whose commits are news.
package final class PostgresSessions: Sendable {
    /// The one set of the process.
    static let neverCommitting = PostgresSessions()

    private let processes = Lock<[ObjectIdentifier: Int32]>([:])

    /// `connection`'s session is now served by process `id`.
    package func enter(_ connection: ObjectIdentifier, processID id: Int32) {
        processes.withLock { $0[connection] = id }
    }

    /// `connection` is gone.
    package func leave(_ connection: ObjectIdentifier) {
        _ = processes.withLock { $0.removeValue(forKey: connection) }
    }

    /// The processes of the sessions open now.
    var processIDs: [Int32] {
        processes.withLock { Array($0.values) }
    }
}
