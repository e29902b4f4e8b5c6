import Dispatch
import FoundationEssentials

/// Notices commits made by other connections and processes to the same file: `PRAGMA data_version`
/// on the writer connection changes only when someone else commits. Polled every 100 ms while any
/// event registration exists; SQLite does not say which tables changed, so every table is reported.
final class ExternalChangeMonitor: Sendable {
    /// How often the file is checked.
    static var interval: DispatchTimeInterval { .milliseconds(100) }

    private struct State {
        var timer: (any DispatchSourceTimer)?
        var lastVersion: Int64?
    }

    private let state = Lock(State())
    private let queue = DispatchQueue(label: "ormcore.external-changes", qos: .utility)

    func start(_ database: Database) {
        guard database.path != ":memory:", !database.path.isEmpty else { return }
        state.withLock { state in
            guard state.timer == nil else { return }
            let timer = DispatchSource.makeTimerSource(queue: queue)
            let weak = WeakDatabase(database)
            timer.schedule(deadline: .now() + Self.interval, repeating: Self.interval, leeway: .milliseconds(20))
            timer.setEventHandler { [weak self] in
                guard let self, let database = weak.database else { return }
                self.poll(database)
            }
            timer.resume()
            state.timer = timer
        }
        poll(database)
    }

    func stop() {
        state.withLock { state in
            state.timer?.cancel()
            state.timer = nil
        }
    }

    deinit { stop() }

    private func poll(_ database: Database) {
        // Never wait for the writer: a busy writer is checked again on the next tick.
        guard let version = database.writer.lock.tryWithLock({ try? database.writer.connection.dataVersion() }),
            let version
        else { return }
        let previous = state.withLock { state -> Int64? in
            defer { state.lastVersion = version }
            return state.lastVersion
        }
        guard let previous, previous != version else { return }
        guard let tables = try? database.schemaObjects().map(\.name) else { return }
        var changes = ChangeSet()
        for table in tables { changes.appendTableOnly(table) }
        database.changeCenter.didCommit(changes, in: database)
    }
}

extension Connection {
    func dataVersion() throws -> Int64 {
        var version: Int64 = 0
        try forEachRow("PRAGMA data_version") { version = $0.int64(at: 0) }
        return version
    }
}

extension Database {
    /// Starts watching the file for commits by other processes (done by the first event registration).
    public func startExternalChangeMonitor() {
        externalChanges.start(self)
    }
}
