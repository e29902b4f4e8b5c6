import Dispatch
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif


/// Reader connections (SQLite's for a file in WAL mode, a server's sessions): each read takes one,
/// so reads run in parallel with each other and with the writer.
package final class ReaderPool: @unchecked Sendable {
    // `available` is guarded by its mutex; a connection taken out of it is used by one thread only.
    private let available = Lock<[DatabaseConnection]>([])
    private let slots: DispatchSemaphore
    private let open: @Sendable () throws -> DatabaseConnection
    /// For readers on a standby: readers on the primary, for a read the standby has not caught up
    /// with (``ReadPlacement/preferStandby(maximumWait:)``).
    private let onPrimary: ReaderPool?

    init(maximum: Int, open: @escaping @Sendable () throws -> DatabaseConnection, onPrimary: ReaderPool? = nil) {
        self.slots = DispatchSemaphore(value: max(1, maximum))
        self.open = open
        self.onPrimary = onPrimary
    }

    /// Runs `body` with a reader connection, opening one if none is idle. A connection whose
    /// session with the server was lost (``DatabaseConnection/isLost``) is closed rather than
    /// used or put back, so the next read connects again. On a standby that has not replayed this
    /// process's last commit within the placement's wait, `body` runs on the primary instead.
    func withConnection<T>(_ body: (DatabaseConnection) throws -> T) throws -> T {
        slots.wait()
        defer { slots.signal() }
        let connection = try idleConnection() ?? open()
        defer {
            if !connection.isLost { available.withLock { $0.append(connection) } }
        }
        if let onPrimary, !connection.hasReplayedOwnCommits {
            return try onPrimary.withConnection(body)
        }
        return try body(connection)
    }

    /// An idle connection still connected; those found lost are closed, and then every other idle
    /// one too (a server that restarted or ended the sessions lost them all), so reads after a
    /// loss connect again at once.
    private func idleConnection() -> DatabaseConnection? {
        while let idle = available.withLock({ $0.popLast() }) {
            guard idle.isLost else {
                return idle
            }
            drain()
            return nil
        }
        return nil
    }

    /// Closes idle connections (they reopen on demand).
    package func drain() {
        available.withLock { $0.removeAll() }
    }
}
