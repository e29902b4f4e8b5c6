import Dispatch
import FoundationEssentials
import PostgresClient
import Synchronization

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
///
/// On PostgreSQL, other sessions' commits are watched from a connection of the monitor's own by a
/// ``PostgresChangeWatch`` (every 250 ms, and at once for tables carrying the notification
/// triggers); it runs while anybody observes the database.
final class ExternalChangeMonitor: Sendable {
    /// How often the file is checked.
    static var interval: DispatchTimeInterval { .milliseconds(16) }

    private let timer = Lock<(any DispatchSourceTimer)?>(nil)
    private let tracker = Lock(ExternalChangeTracker())
    private let queue = DispatchQueue(label: "ormcore.external-changes", qos: .utility)
    /// The watch of a PostgreSQL server, while one runs.
    private let watch = Lock<PostgresChangeWatch?>(nil)
    /// The tables this database's writer committed to on PostgreSQL, until when their statistics
    /// are taken for its own (kept also while no watch runs: a watch started just after a commit
    /// sees its statistics arrive later).
    private let ownWrites = Lock<[String: ContinuousClock.Instant]>([:])
    /// How many polls of a SQLite file finished.
    private let polls = Atomic<Int>(0)

    /// Starts polling `database`'s file (once; later calls do nothing), handing what other
    /// connections commit to `deliver`, on the monitor's queue with no lock held. Notes where the
    /// file stands at once, so that commits from here on are reported. Polling stops when the
    /// monitor or `database` goes; `deliver` should not keep `database`'s owner alive either.
    ///
    /// On PostgreSQL the watch also ends once `isObserved` says nobody observes the database any
    /// more; the next call starts it again.
    func start(
        _ database: DatabaseCore, isObserved: @escaping @Sendable () -> Bool = { true },
        deliver: @escaping @Sendable (ChangeSet) -> Void
    ) {
        guard database.capabilities.externalChanges else { return }
        if case .postgres(let writer) = database.writer.connection, let activity = database.writer.activity {
            let schema = (writer.introspector as? PostgresIntrospector)?.schema
            startWatch(database, schema: schema, activity: activity, isObserved: isObserved, deliver: deliver)
            return
        }
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

    /// Whether it is polling (started, and not stopped).
    var isRunning: Bool { timer.withLock { $0 != nil } || watch.withLock { $0 != nil } }

    /// Stops polling.
    func stop() {
        timer.withLock { timer in
            timer?.cancel()
            timer = nil
        }
        watch.withLock { watch in
            watch?.stop()
            watch = nil
        }
    }

    // MARK: - PostgreSQL

    /// This database's writer committed to `tables` (on PostgreSQL): their statistics' counters
    /// are its own for a while.
    func noteOwnCommit(_ tables: Set<String>) {
        let until = ContinuousClock.now + PostgresChangeWatch.ownStatisticsLag
        ownWrites.withLock { writes in
            for table in tables { writes[table] = until }
        }
    }

    /// The notification triggers were installed or removed through this database.
    func triggersChanged() {
        watch.withLock { $0 }?.triggersChanged()
    }

    /// How many looks the running watch made (tests wait for looks, not for time); nil when none runs.
    var postgresLookCount: Int? { watch.withLock { $0 }?.lookCount }

    /// How many polls of a SQLite file finished, each having delivered what it found (tests wait for
    /// polls, not for time).
    var sqlitePollCount: Int { polls.load(ordering: .acquiring) }

    /// Has the running watch call `gate` at the start of each look, on its queue (tests hold it
    /// there to make commits land between two looks); false when no watch runs.
    func holdPostgresLooks(_ gate: (@Sendable () -> Void)?) -> Bool {
        guard let running = watch.withLock({ $0 }) else { return false }
        running.lookGate.withLock { $0 = gate }
        return true
    }

    private func startWatch(
        _ database: DatabaseCore, schema: String?, activity: WriterActivity, isObserved: @escaping @Sendable () -> Bool,
        deliver: @escaping @Sendable (ChangeSet) -> Void
    ) {
        let started = watch.withLock { slot -> PostgresChangeWatch? in
            guard slot == nil else { return nil }
            let new = PostgresChangeWatch(
                connectionString: database.serverConnectionString ?? database.path, settings: database.serverSettings, schema: schema,
                activity: activity, ownWrites: ownWrites, queue: queue)
            slot = new
            return new
        }
        guard let started else { return }
        let slot = watch
        started.start(
            database,
            shouldEnd: { [weak started] in
                // Asked and cleared under the slot's lock, so that a registration made meanwhile
                // either is seen here or starts a new watch.
                slot.withLock { current in
                    guard !isObserved() else { return false }
                    if current === started { current = nil }
                    return true
                }
            },
            ended: { [weak started] in
                slot.withLock { current in
                    if current === started { current = nil }
                }
            },
            deliver: deliver)
    }

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
