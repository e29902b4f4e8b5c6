import Dispatch
import Synchronization
import ORMCore

/// Watches the writer's session with a PostgreSQL server twice a second
/// (``Database/checkServer()``), so that reef notices a lost primary within a second and goes on
/// by itself as soon as a listed server takes writes again (a cluster's failover, a restart). The
/// app picks what changed on its next tick (``take()``); the loop ends with the watch.
final class ServerWatch: Sendable {
    /// What changed since the last ``take()``.
    enum Change: Equatable, Sendable {
        /// The session was lost (`reason`); the servers the connection string lists are tried.
        case lost(reason: String, trying: [String])
        /// The writer is connected again, to `node` (the session had been lost, reported or not).
        case back(ServerNode?)
    }

    /// How often the session is checked.
    static let interval = DispatchTimeInterval.milliseconds(500)

    private let queue = DispatchQueue(label: "reef.server-watch")
    /// Whether the session is lost now, and the change not yet taken.
    private let state = Mutex<(isLost: Bool, change: Change?)>((false, nil))
    private let wakeup: Wakeup?
    private let trying: [String]

    /// Starts watching `database`'s server; nil for a database without a server (SQLite).
    /// `wakeup` is signalled when something changed, so the loop shows it at once.
    init?(database: Database, wakeup: Wakeup?) {
        guard database.dialect == .postgres else {
            return nil
        }
        self.wakeup = wakeup
        trying = database.listedServers
        schedule(database)
    }

    /// The change since the last call, if any.
    func take() -> Change? {
        state.withLock { state in
            defer { state.change = nil }
            return state.change
        }
    }

    /// Whether the session is lost now (as last checked).
    var isLost: Bool {
        state.withLock { $0.isLost }
    }

    /// Notes what a check found: a loss once, and the return after it.
    func record(_ check: ServerCheck) {
        let changed = state.withLock { state -> Bool in
            switch check {
            case .busy:
                return false
            case .lost(let reason):
                guard !state.isLost else { return false }
                state.isLost = true
                state.change = .lost(reason: reason, trying: trying)
                return true
            case .reconnected(let node):
                state.isLost = false
                state.change = .back(node)
                return true
            case .connected(let node):
                guard state.isLost else { return false }
                state.isLost = false
                state.change = .back(node)
                return true
            }
        }
        if changed {
            wakeup?.signal()
        }
    }

    /// Checks again after ``interval``, for as long as the watch lives.
    private func schedule(_ database: Database) {
        queue.asyncAfter(deadline: .now() + Self.interval) { [weak self] in
            guard let self else { return }
            record(database.checkServer())
            schedule(database)
        }
    }
}
