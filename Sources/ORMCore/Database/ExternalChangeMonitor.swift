import Dispatch
import FoundationEssentials

/// Notices commits made by other connections and processes to the same file and reports the tables
/// they changed, as table-level changes (``ChangeOrigin/external``, no row detail).
///
/// Polled every 16 ms while any event registration exists, on a private queue, so that a commit
/// reaches a screen well within a frame or two: in WAL mode the wal-index header in shared memory
/// is compared first (a copy of 96 bytes, no statement and no lock on the file), and only when it
/// moved is `PRAGMA data_version` read on the writer connection, which changes only when someone
/// else commits; a file in rollback-journal mode reads `data_version` every time. Which tables
/// changed is worked out by ``ExternalChangeTracker`` from the pages the new WAL frames hold; when it
/// cannot be known (rollback-journal mode, a checkpoint that overwrote commits not yet read, a schema
/// change, no `dbstat` in the SQLite library), every table is reported.
///
/// The poll never waits for the writer (a busy writer is checked again on the next tick) and
/// delivers with no lock held.
final class ExternalChangeMonitor: Sendable {
    /// How often the file is checked.
    static var interval: DispatchTimeInterval { .milliseconds(16) }

    private let timer = Lock<(any DispatchSourceTimer)?>(nil)
    private let tracker = Lock(ExternalChangeTracker())
    private let queue = DispatchQueue(label: "ormcore.external-changes", qos: .utility)

    /// Starts polling `database`'s file (once; later calls do nothing), handing what other
    /// connections commit to `deliver`, on the monitor's queue with no lock held. Notes where the
    /// file stands at once, so that commits from here on are reported. Polling stops when the
    /// monitor or `database` goes; `deliver` should not keep `database`'s owner alive either.
    func start(_ database: DatabaseCore, deliver: @escaping @Sendable (ChangeSet) -> Void) {
        // Other processes' commits are read from SQLite's file; PostgreSQL's other sessions
        // (`PGChangeProbe`) are not watched yet.
        guard database.capabilities.externalChanges, database.writer.sqlite != nil else { return }
        let started = timer.withLock { timer -> Bool in
            guard timer == nil else { return false }
            let source = DispatchSource.makeTimerSource(queue: queue)
            let weak = WeakCore(database)
            source.schedule(deadline: .now() + Self.interval, repeating: Self.interval, leeway: .milliseconds(4))
            source.setEventHandler { [weak self] in
                guard let self, let database = weak.core else { return }
                self.poll(database, deliver: deliver)
            }
            source.resume()
            timer = source
            return true
        }
        if started { poll(database, deliver: deliver) }
    }

    /// Whether it is polling (started, and not stopped).
    var isRunning: Bool { timer.withLock { $0 != nil } }

    /// Stops polling.
    func stop() {
        timer.withLock { timer in
            timer?.cancel()
            timer = nil
        }
    }

    deinit { stop() }

    private func poll(_ database: DatabaseCore, deliver: (ChangeSet) -> Void) {
        guard let tables = tracker.withLock({ $0.poll(database) }) else { return }
        if !tables.isEmpty {
            var changes = ChangeSet()
            changes.isExternal = true
            for table in tables.sorted() { changes.appendTableOnly(table) }
            deliver(changes)
        }
        tracker.withLock { $0.refreshMap(database) }
    }
}

/// A weak reference to a database's core, for the monitor's timer.
private struct WeakCore: @unchecked Sendable {
    // Written once at init, read-only after.
    weak var core: DatabaseCore?
    init(_ core: DatabaseCore) { self.core = core }
}
