import Dispatch
import Synchronization
import ORMShared

/// Notices commits other connections and processes make to a SQLite file.
///
/// Polled every 16 ms while it runs, so that a commit reaches a screen well within a frame or two:
/// in WAL mode the wal-index header in shared memory is compared first (a copy of 96 bytes, no
/// statement and no lock on the file), and only when it moved is `PRAGMA data_version` read on the
/// writer connection, which changes only when someone else commits; a file in rollback-journal mode
/// reads `data_version` every time. Which tables changed is worked out by ``ExternalChangeTracker``
/// from the pages the new WAL frames hold; when it cannot be known (rollback-journal mode, a
/// checkpoint that overwrote commits not yet read, a schema change, no `dbstat` in the SQLite
/// library), every table is reported. The poll never waits for the writer (a busy writer is
/// checked again on the next tick).
package final class SQLiteFileWatch: ExternalChangeWatch {
    /// How often the file is checked.
    package static var interval: DispatchTimeInterval { .milliseconds(16) }

    private let timer = Lock<(any DispatchSourceTimer)?>(nil)
    private let tracker = Lock(ExternalChangeTracker())
    /// How many polls finished.
    private let polls = Atomic<Int>(0)

    package func start(
        _ database: DatabaseCore, on queue: DispatchQueue, isObserved: @escaping @Sendable () -> Bool,
        deliver: @escaping @Sendable (ChangeSet) -> Void
    ) {
        guard database.writer.sqlite != nil else { return }
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

    package var isRunning: Bool { timer.withLock { $0 != nil } }

    package func stop() {
        timer.withLock { timer in
            timer?.cancel()
            timer = nil
        }
    }

    package var lookCount: Int? { polls.load(ordering: .acquiring) }

    deinit { stop() }

    private func poll(_ database: DatabaseCore, deliver: (ChangeSet) -> Void) {
        defer { polls.add(1, ordering: .releasing) }
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
