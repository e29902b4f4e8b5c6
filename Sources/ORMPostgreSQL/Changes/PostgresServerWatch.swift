import Dispatch
import PostgresClient
import ORMShared

/// Notices other sessions' commits to a PostgreSQL database: a ``PostgresChangeWatch`` runs on a
/// session of its own (every 250 ms, and at once for tables carrying the notification triggers)
/// while anybody observes the database, and ends when nobody does.
package final class PostgresServerWatch: ExternalChangeWatch {
    /// The writer, whose statements are counted (``WriterActivity``) and whose schema is watched.
    private let writer: PostgresConnection
    /// The watch, while one runs.
    private let watch = Lock<PostgresChangeWatch?>(nil)
    /// The tables this database's writer committed to, until when their statistics are taken for
    /// its own (kept also while no watch runs: a watch started just after a commit sees its
    /// statistics arrive later).
    private let ownWrites = Lock<[String: ContinuousClock.Instant]>([:])
    /// The tables of other schemas to watch too (kept while no watch runs, for the next one).
    private let otherTables = Lock<Set<PGQualifiedName>>([])

    /// A watch of the server `writer` is connected to, not yet started.
    package init(writer: PostgresConnection) {
        self.writer = writer
    }

    package func start(
        _ database: DatabaseCore, on queue: DispatchQueue, isObserved: @escaping @Sendable () -> Bool,
        deliver: @escaping @Sendable (ChangeSet) -> Void
    ) {
        guard let activity = writer.activity else { return }
        let schema = (writer.introspector as? PostgresIntrospector)?.schema
        let started = watch.withLock { slot -> PostgresChangeWatch? in
            guard slot == nil else { return nil }
            let new = PostgresChangeWatch(
                connectionString: database.serverConnectionString ?? database.path, settings: database.serverSettings,
                schema: schema, activity: activity, ownWrites: ownWrites, otherTables: otherTables, queue: queue)
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

    package var isRunning: Bool { watch.withLock { $0 != nil } }

    package func stop() {
        watch.withLock { watch in
            watch?.stop()
            watch = nil
        }
    }

    package var lookCount: Int? { watch.withLock { $0 }?.lookCount }

    package func noteOwnCommit(_ tables: Set<String>) {
        let until = ContinuousClock.now + PostgresChangeWatch.ownStatisticsLag
        ownWrites.withLock { writes in
            for table in tables { writes[table] = until }
        }
    }

    package func triggersChanged() {
        watch.withLock { $0 }?.triggersChanged()
    }

    package func watchOtherSchemas(_ tables: Set<QualifiedTableName>) {
        // The running watch takes them at its next look.
        otherTables.withLock { $0 = Set(tables.map { PGQualifiedName(schema: $0.schema, name: $0.name) }) }
    }

    package func holdLooks(_ gate: (@Sendable () -> Void)?) -> Bool {
        guard let running = watch.withLock({ $0 }) else { return false }
        running.lookGate.withLock { $0 = gate }
        return true
    }

    deinit { stop() }
}
