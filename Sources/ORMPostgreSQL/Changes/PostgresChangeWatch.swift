import Dispatch
import FoundationEssentials
import PostgresClient
import Synchronization
import ORMShared

/// Watches a PostgreSQL database for other sessions' commits, from a connection of its own, and
/// hands them over as table-level changes marked ``ChangeSet/isExternal``.
///
/// The connection (application name `ORMCore`, opened with the database's connection string) stays
/// idle outside any transaction. Every ``interval`` it asks ``PGChangeProbe`` (one round trip,
/// nothing installed, no privilege beyond connecting):
/// - **the snapshot** moves as soon as a transaction that wrote ends anywhere on the server. The
///   transactions that ended are listed and their status asked (`pg_xact_status`, a second round
///   trip only then): when one of them committed, no trigger named it, and a session of this
///   database other than its own readers, trial and writer is busy or went idle since the look
///   before (`pg_stat_activity`: the snapshot is the server's, and a commit in another database
///   moves it too), every table and view of
///   the schema is delivered at once as changed with no row detail (the table is not known yet),
///   as SQLite's watch does when it cannot tell (the schema's tables read again first, at most
///   once a second, and the ones dropped since the last such delivery named too). A rolled-back
///   transaction delivers nothing.
/// - **the statistics' counters** of every table of the schema (rows modified since the last
///   analyze, live rows: a rollback moves neither) name the table a commit changed, once the
///   committing session reports them (within a second of its commit while it keeps working, ten
///   seconds after it when it goes idle): that table is delivered again, by name.
///
/// Between looks it waits on the connection's socket for the notifications of ``PGNotifyTriggers``
/// (it always listens on their channel: listening costs nothing, and triggers installed by anyone
/// are heard at once). One arrives the moment its transaction commits and names the table: it is
/// delivered then, its transaction is not reported again by the snapshot, and a table carrying
/// the triggers is no longer named from its counters. A table is always named with the views
/// and materialized views that read it, directly or through other views (their rules'
/// dependencies), as SQLite's watch names them.
///
/// Tables of other schemas asked for (``Database/watchTablesOfOtherSchemas(_:)``: a view joins
/// them) are watched as the schema's own tables are, their counters and notifications compared,
/// and named `schema.table` in every change that names them (in one of every table too).
///
/// This database's own commits do not come back as external changes:
/// - a notification sent by its writer's session is skipped;
/// - the transactions the snapshot saw commit are counted against the writer's statements that
///   may have committed since just before the previous look (``WriterActivity``): every table is
///   delivered only when more committed than the writer can account for, so another session's
///   commit that lands in the same quarter second as one of this database's still arrives at
///   once;
/// - the counters of a table the writer committed to are not reported for
///   ``ownStatisticsLag`` after that commit (its own statistics arrive late too): another
///   session's commit to that table in that time is delivered by the snapshot (every table), not
///   by name.
/// The trial connection's transactions always roll back, so they move nothing that is delivered.
///
/// A lost connection is opened again quietly, waiting longer after each failure (up to five
/// seconds); once it is back, every table is delivered once, as what happened meanwhile is not
/// known. The watch ends when the database goes, when nobody observes it any more, or when it is
/// stopped, within one interval.
///
/// Its state is touched only on the monitor's serial queue, except what writers and the monitor
/// hand it through locks and atomics.
package final class PostgresChangeWatch: @unchecked Sendable {
    /// How often the snapshot and the counters are looked at: four round trips a second on an idle
    /// connection is nothing for the server, and a commit reaches a screen within a quarter second
    /// (the bound for triggers, met here without them too). A frame's 16 ms, as on SQLite,
    /// would cost the server sixty queries a second per open database for no visible gain.
    package static let interval: Duration = .milliseconds(250)
    /// How long a table's counters are taken for this database's own after its writer committed to
    /// it: a session reports its statistics at most a second after a commit while it keeps working
    /// (`PGSTAT_MIN_INTERVAL`), ten seconds after when it then goes idle (`PGSTAT_IDLE_INTERVAL`),
    /// and later on a busy machine.
    static let ownStatisticsLag: Duration = .seconds(15)
    /// The least time between two deliveries of every table: while other sessions commit without
    /// pause, a subscriber reads everything again once a second, not four times (reef would count
    /// every table of the list again each time); the first commit after a quiet second still
    /// arrives at the next look. Named tables are never held back.
    static let everyTableSpacing: Duration = .seconds(1)
    /// How long a look that found a commit waits for the notification that may name it, where
    /// tables carry the triggers (milliseconds).
    static let notificationGrace = 5
    /// The longest wait before connecting again after a failure.
    static let maximumRetryDelay: Duration = .seconds(5)

    private let connectionString: String
    /// The settings it connects with beside ``connectionString``: the writer's.
    private let settings: [String: String]
    /// The schema named by the database's configuration; nil for the search path's first.
    private let configuredSchema: String?
    package let activity: WriterActivity
    let ownWrites: Lock<[String: ContinuousClock.Instant]>
    /// The tables of other schemas asked to be watched too (``Database/watchTablesOfOtherSchemas(_:)``).
    let requestedOtherTables: Lock<Set<PGQualifiedName>>
    private let queue: DispatchQueue
    private let stopped = Atomic<Bool>(false)
    let triggersMayHaveChanged = Atomic<Bool>(false)
    package let looks = Atomic<Int>(0)

    // Touched only on `queue`.
    var connection: PGConnection?
    var schema = ""
    var probe = PGChangeProbe()
    /// The tables, views and materialized views of the schema, named in a change of every table.
    var everyTable: [String] = []
    /// The views and materialized views of the schema that read each relation, directly or through
    /// other views: named with it, as SQLite's watch names the views showing a table.
    var viewsShowing: [String: Set<String>] = [:]
    /// Relations gone from the schema since the last delivery of every table: named in the next
    /// one (a dropped table's subscribers must hear of it).
    var vanished: Set<String> = []
    var tablesReadAt: ContinuousClock.Instant?
    /// Tables known to carry the notification triggers: their counters are not needed.
    var tablesWithTriggers: Set<String> = []
    /// The tables of other schemas watched: their counters compared, their notifications heard,
    /// each named `schema.table` in a change.
    var otherTables: Set<PGQualifiedName> = []
    /// Those of ``otherTables`` known to carry the notification triggers.
    var otherTablesWithTriggers: Set<PGQualifiedName> = []
    /// Transactions a notification named, not to be reported again by the snapshot.
    var announced: Set<UInt64> = []
    /// The writer's server process, whose notifications are its own.
    var writerProcessID: Int32?
    /// For how many more looks moved counters name their table even where this database wrote
    /// to it: set when another session's commit was seen that no open session explains (one
    /// that ended reports its statistics as it ends).
    var countersTrustedForLooks = 0
    /// The writer's statements that may commit, counted just before the last look.
    var activityBeforeLastLook = WriterActivity.Reading(count: 0, lastMayBeRunning: false)
    private var nextLook = ContinuousClock.now
    private var failures = 0
    private var retryAt = ContinuousClock.now
    private var hasConnectedBefore = false
    /// When every table was last delivered, and whether a delivery waits for the spacing.
    var lastEveryTable: ContinuousClock.Instant?
    /// When the last look began.
    var lastLookStart: ContinuousClock.Instant?
    var everyTableDeferred = false

    /// A watch of the database `connectionString` names (connected with `settings` beside it, as
    /// the writer is), not yet started.
    package init(
        connectionString: String, settings: [String: String] = [:], schema: String?, activity: WriterActivity,
        ownWrites: Lock<[String: ContinuousClock.Instant]>, otherTables: Lock<Set<PGQualifiedName>> = Lock([]),
        queue: DispatchQueue
    ) {
        self.connectionString = connectionString
        self.settings = settings
        self.configuredSchema = schema
        self.activity = activity
        self.ownWrites = ownWrites
        self.requestedOtherTables = otherTables
        self.queue = queue
    }

    /// Called at the start of each look, on the watch's queue: tests hold the watch there to make
    /// commits land between two looks.
    let lookGate = Lock<(@Sendable () -> Void)?>(nil)

    /// How many looks at the server were made (tests wait for looks rather than for time).
    package var lookCount: Int { looks.load(ordering: .acquiring) }

    /// Starts the loop on the queue. `shouldEnd` is asked before each round (nobody observes any
    /// more, or the database is gone) and `ended` told once the watch has closed its connection.
    package func start(
        _ database: DatabaseCore, shouldEnd: @escaping @Sendable () -> Bool, ended: @escaping @Sendable () -> Void,
        deliver: @escaping @Sendable (ChangeSet) -> Void
    ) {
        let weak = WeakCore(database)
        queue.async { self.round(weak, shouldEnd: shouldEnd, ended: ended, deliver: deliver) }
    }

    /// Stops the watch: it closes its connection within one interval.
    package func stop() {
        stopped.store(true, ordering: .releasing)
    }

    /// The notification triggers were installed or removed here: read which tables carry them.
    package func triggersChanged() {
        triggersMayHaveChanged.store(true, ordering: .releasing)
    }

    // MARK: - The loop

    /// One round: connects when needed, waits for notifications until the next look is due, looks,
    /// and schedules the next round.
    private func round(
        _ weak: WeakCore, shouldEnd: @escaping @Sendable () -> Bool, ended: @escaping @Sendable () -> Void,
        deliver: @escaping @Sendable (ChangeSet) -> Void
    ) {
        guard !stopped.load(ordering: .acquiring), let database = weak.core, !shouldEnd() else {
            connection?.close()
            connection = nil
            ended()
            return
        }
        let next: @Sendable () -> Void = { self.round(weak, shouldEnd: shouldEnd, ended: ended, deliver: deliver) }
        if connection == nil {
            let now = ContinuousClock.now
            guard now >= retryAt else {
                // Never longer than an interval, so that stopping stays prompt.
                let wait = min(retryAt - now, Self.interval)
                queue.asyncAfter(deadline: .now() + .milliseconds(Self.milliseconds(wait)), execute: next)
                return
            }
            do {
                try connect(database, deliver: deliver)
            } catch {
                lost()
                queue.async(execute: next)
                return
            }
        }
        // Read again each round: the writer connects again after its session was lost.
        readWriterProcessID(database)
        do {
            guard let connection else { return queue.async(execute: next) }
            let wait = max(.zero, nextLook - ContinuousClock.now)
            hear(try connection.notifications(waitingUpTo: Self.milliseconds(wait)), deliver: deliver)
            if ContinuousClock.now >= nextLook {
                try look(on: connection, deliver: deliver)
                nextLook = ContinuousClock.now + Self.interval
            }
        } catch {
            lost()
        }
        queue.async(execute: next)
    }

    /// Opens the connection, listens, reads the schema's tables and sets the baseline. After a
    /// lost connection, every table is delivered: what was committed meanwhile is not known.
    private func connect(_ database: DatabaseCore, deliver: (ChangeSet) -> Void) throws {
        let client = try PGConnection(connectionString, applicationName: database.configuration.applicationName, settings: settings)
        // It reads the socket while idle: a session ended by the server must not print on a screen.
        client.discardNotices()
        do {
            try client.listen(PGNotifyTriggers.channel)
            if let configuredSchema {
                schema = configuredSchema
            } else {
                schema = try client.execute("SELECT current_schema()").first?.text(at: 0) ?? "public"
            }
            probe = PGChangeProbe()
            announced = []
            otherTables = []
            try readTables(on: client)
            takeOtherTables()
            try readTriggers(on: client)
            activityBeforeLastLook = activity.reading
            lastLookStart = ContinuousClock.now
            _ = try probe.look(on: client)
            looks.add(1, ordering: .releasing)
        } catch {
            client.close()
            throw error
        }
        connection = client
        failures = 0
        nextLook = ContinuousClock.now + Self.interval
        if hasConnectedBefore { deliverEveryTable(deliver) }
        hasConnectedBefore = true
    }

    /// The connection failed: closed, and opened again later (sooner after a first failure).
    private func lost() {
        connection?.close()
        connection = nil
        failures += 1
        let delay = Self.interval * (1 << min(failures - 1, 5))
        retryAt = ContinuousClock.now + min(delay, Self.maximumRetryDelay)
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * 1_000 + Int(attoseconds / 1_000_000_000_000_000)
    }
}
