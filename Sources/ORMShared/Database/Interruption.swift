/// A way to stop SQL that runs on another thread: statements run by work inside ``run(_:)`` are
/// interrupted by ``interrupt()``, from any thread (`sqlite3_interrupt` on the connections the work
/// holds; `PQcancel` on a PostgreSQL session), and any the work starts afterwards fail at once.
/// A statement stopped while it runs throws the database's error (``SQLiteError`` with code
/// ``ResultCode/interrupt``, PostgreSQL's `57014`); work begun after the interruption throws
/// ``WorkNotStarted`` before reaching the database. Each has `isInterrupted` (``DatabaseError``).
///
/// ```swift
/// let stop = Interruption()
/// DispatchQueue.global().async {
///     let rows = try? stop.run { try db.fetchAll("SELECT … a slow query …") }
/// }
/// // later, when the user gives up:
/// stop.interrupt()
/// ```
///
/// It reaches the reads and writes the work makes on its own thread (a task-local value); work it
/// hands to other threads is not covered.
public final class Interruption: Sendable {
    /// The interruption the current thread's work runs under, if any.
    @TaskLocal static var current: Interruption?

    private struct State {
        /// The connections in use by the work, with how many uses each (a read nested in a write).
        var connections: [ObjectIdentifier: (connection: any InterruptHandle, uses: Int)] = [:]
        var interrupted = false
    }

    private let state = Lock(State())

    /// An interruption nothing runs under yet.
    public init() {}

    /// Runs `body` on the current thread under this interruption.
    public func run<T>(_ body: () throws -> T) rethrows -> T {
        try Self.$current.withValue(self, operation: body)
    }

    /// Interrupts the statements the work is running, and makes it fail as it starts another.
    public func interrupt() {
        state.withLock { state in
            state.interrupted = true
            for entry in state.connections.values { entry.connection.interrupt() }
        }
    }

    /// Whether ``interrupt()`` was called.
    public var isInterrupted: Bool {
        state.withLock { $0.interrupted }
    }

    /// Whether the work holds a connection now (tests interrupt work once it does).
    var holdsConnection: Bool {
        state.withLock { !$0.connections.isEmpty }
    }

    /// Runs `body` with `connection`, interruptible by the current thread's interruption (if any).
    package static func using<Handle: InterruptHandle, T>(_ connection: Handle, _ body: (Handle) throws -> T) throws -> T {
        guard let current else { return try body(connection) }
        try current.enter(connection)
        defer { current.leave(connection) }
        return try body(connection)
    }

    /// Runs `body` with `connection`, interruptible by the current thread's interruption (if any),
    /// through the handle of whichever driver's connection it is.
    @inline(__always)
    package static func using<T>(_ connection: DatabaseConnection, _ body: (DatabaseConnection) throws -> T) throws -> T {
        guard let current else { return try body(connection) }
        let handle = connection.interruptHandle
        try current.enter(handle)
        defer { current.leave(handle) }
        return try body(connection)
    }

    private func enter(_ connection: any InterruptHandle) throws {
        try state.withLock { state in
            if state.interrupted { throw WorkNotStarted(.interrupted, message: "interrupted") }
            if state.connections[ObjectIdentifier(connection)] == nil { connection.armInterruption() }
            state.connections[ObjectIdentifier(connection), default: (connection, 0)].uses += 1
        }
    }

    private func leave(_ connection: any InterruptHandle) {
        state.withLock { state in
            let id = ObjectIdentifier(connection)
            guard let entry = state.connections[id] else { return }
            state.connections[id] = entry.uses > 1 ? (connection, entry.uses - 1) : nil
            if entry.uses == 1 { connection.disarmInterruption() }
        }
    }
}
