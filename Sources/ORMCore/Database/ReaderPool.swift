import Dispatch
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif


/// Reader connections (SQLite's for a file in WAL mode, a server's sessions): each read takes one,
/// so reads run in parallel with each other and with the writer.
final class ReaderPool: @unchecked Sendable {
    // `available` is guarded by its mutex; a connection taken out of it is used by one thread only.
    private let available = Lock<[DatabaseConnection]>([])
    private let slots: DispatchSemaphore
    private let open: @Sendable () throws -> DatabaseConnection

    init(maximum: Int, open: @escaping @Sendable () throws -> DatabaseConnection) {
        self.slots = DispatchSemaphore(value: max(1, maximum))
        self.open = open
    }

    /// Runs `body` with a reader connection, opening one if none is idle.
    func withConnection<T>(_ body: (DatabaseConnection) throws -> T) throws -> T {
        slots.wait()
        defer { slots.signal() }
        let idle = available.withLock { $0.popLast() }
        let connection = try idle ?? open()
        defer { available.withLock { $0.append(connection) } }
        return try body(connection)
    }

    /// Closes idle connections (they reopen on demand).
    func drain() {
        available.withLock { $0.removeAll() }
    }
}
