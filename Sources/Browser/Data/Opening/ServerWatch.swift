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
    /// On a standby, how far its replay was behind its primary at the last look, in seconds.
    private let lag = Mutex<Double?>(nil)
    /// How many checks between two looks at a standby's replay lag (every 2 s).
    private static let checksPerLagLook = 4
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

    /// On a standby, how far its replay is behind the primary, in seconds (0 when it has replayed
    /// all it received), as last looked at; nil on a primary or before the first look.
    var replayLag: Double? {
        lag.withLock { $0 }
    }

    /// The replay lag of the standby `database` reads from: 0 when it has replayed everything it
    /// received, else the time since the last transaction it replayed committed.
    static let lagQuery: SQL = """
        SELECT CASE WHEN pg_catalog.pg_last_wal_receive_lsn() = pg_catalog.pg_last_wal_replay_lsn() THEN 0
          ELSE COALESCE(EXTRACT(EPOCH FROM pg_catalog.now() - pg_catalog.pg_last_xact_replay_timestamp()), 0) END
        """

    /// Looks at the replay lag when the writer's server is a standby.
    private func lookAtLag(of database: Database) {
        guard let node = database.serverNode, node.isStandby else {
            lag.withLock { $0 = nil }
            return
        }
        let seconds: Double? = switch (try? database.fetchRows(Self.lagQuery))?.rows.first?.first {
        case .real(let value)?: value
        case .integer(let value)?: Double(value)
        case .text(let text)?: Double(text)
        default: nil
        }
        lag.withLock { $0 = seconds }
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
    private func schedule(_ database: Database, checks: Int = 0) {
        queue.asyncAfter(deadline: .now() + Self.interval) { [weak self] in
            guard let self else { return }
            let check = database.checkServer()
            record(check)
            if case .connected = check, checks % Self.checksPerLagLook == 0 {
                lookAtLag(of: database)
            }
            schedule(database, checks: checks + 1)
        }
    }
}
