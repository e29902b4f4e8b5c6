import Dispatch
import FoundationEssentials
import PostgresClient
import Synchronization

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
final class PostgresChangeWatch: @unchecked Sendable {
    /// How often the snapshot and the counters are looked at: four round trips a second on an idle
    /// connection is nothing for the server, and a commit reaches a screen within a quarter second
    /// (the bound for triggers, met here without them too). A frame's 16 ms, as on SQLite,
    /// would cost the server sixty queries a second per open database for no visible gain.
    static let interval: Duration = .milliseconds(250)
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
    /// The schema named by the database's configuration; nil for the search path's first.
    private let configuredSchema: String?
    private let activity: WriterActivity
    private let ownWrites: Lock<[String: ContinuousClock.Instant]>
    private let queue: DispatchQueue
    private let stopped = Atomic<Bool>(false)
    private let triggersMayHaveChanged = Atomic<Bool>(false)
    private let looks = Atomic<Int>(0)

    // Touched only on `queue`.
    private var connection: PGConnection?
    private var schema = ""
    private var probe = PGChangeProbe()
    /// The tables, views and materialized views of the schema, named in a change of every table.
    private var everyTable: [String] = []
    /// The views and materialized views of the schema that read each relation, directly or through
    /// other views: named with it, as SQLite's watch names the views showing a table.
    private var viewsShowing: [String: Set<String>] = [:]
    /// Relations gone from the schema since the last delivery of every table: named in the next
    /// one (a dropped table's subscribers must hear of it).
    private var vanished: Set<String> = []
    private var tablesReadAt: ContinuousClock.Instant?
    /// Tables known to carry the notification triggers: their counters are not needed.
    private var tablesWithTriggers: Set<String> = []
    /// Transactions a notification named, not to be reported again by the snapshot.
    private var announced: Set<UInt64> = []
    /// The writer's server process, whose notifications are its own.
    private var writerProcessID: Int32?
    /// For how many more looks moved counters name their table even where this database wrote
    /// to it: set when another session's commit was seen that no open session explains (one
    /// that ended reports its statistics as it ends).
    private var countersTrustedForLooks = 0
    /// The writer's statements that may commit, counted just before the last look.
    private var activityBeforeLastLook = WriterActivity.Reading(count: 0, lastMayBeRunning: false)
    private var nextLook = ContinuousClock.now
    private var failures = 0
    private var retryAt = ContinuousClock.now
    private var hasConnectedBefore = false
    /// When every table was last delivered, and whether a delivery waits for the spacing.
    private var lastEveryTable: ContinuousClock.Instant?
    /// When the last look began.
    private var lastLookStart: ContinuousClock.Instant?
    private var everyTableDeferred = false

    /// A watch of the database `connectionString` names, not yet started.
    init(
        connectionString: String, schema: String?, activity: WriterActivity,
        ownWrites: Lock<[String: ContinuousClock.Instant]>, queue: DispatchQueue
    ) {
        self.connectionString = connectionString
        self.configuredSchema = schema
        self.activity = activity
        self.ownWrites = ownWrites
        self.queue = queue
    }

    /// Called at the start of each look, on the watch's queue: tests hold the watch there to make
    /// commits land between two looks.
    let lookGate = Lock<(@Sendable () -> Void)?>(nil)

    /// How many looks at the server were made (tests wait for looks rather than for time).
    var lookCount: Int { looks.load(ordering: .acquiring) }

    /// Starts the loop on the queue. `shouldEnd` is asked before each round (nobody observes any
    /// more, or the database is gone) and `ended` told once the watch has closed its connection.
    func start(
        _ database: DatabaseCore, shouldEnd: @escaping @Sendable () -> Bool, ended: @escaping @Sendable () -> Void,
        deliver: @escaping @Sendable (ChangeSet) -> Void
    ) {
        let weak = WeakCore(database)
        queue.async { self.round(weak, shouldEnd: shouldEnd, ended: ended, deliver: deliver) }
    }

    /// Stops the watch: it closes its connection within one interval.
    func stop() {
        stopped.store(true, ordering: .releasing)
    }

    /// The notification triggers were installed or removed here: read which tables carry them.
    func triggersChanged() {
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
        let client = try PGConnection(connectionString, applicationName: database.configuration.applicationName)
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
            try readTables(on: client)
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

    // MARK: - Looking

    /// Delivers the tables that notifications name (skipping the writer's own).
    private func hear(_ notifications: [PGNotification], deliver: (ChangeSet) -> Void) {
        var tables: Set<String> = []
        for notification in notifications {
            guard let change = PGTableChange(notification) else { continue }
            if let transaction = change.transaction { announced.insert(transaction) }
            guard change.table.schema == schema else { continue }
            tablesWithTriggers.insert(change.table.name)
            if notification.senderProcessID == writerProcessID { continue }
            tables.insert(change.table.name)
        }
        guard !tables.isEmpty else { return }
        var changes = ChangeSet()
        changes.isExternal = true
        for table in withViews(tables).sorted() { changes.appendTableOnly(table) }
        deliver(changes)
    }

    /// One look with the probe: delivers every table when more transactions committed since the
    /// last look than this database's writer can account for, else the tables whose counters
    /// moved.
    private func look(on connection: PGConnection, deliver: (ChangeSet) -> Void) throws {
        lookGate.withLock { $0 }?()
        let lookStart = ContinuousClock.now
        let activityBefore = activity.reading
        let report = try probe.look(on: connection)
        hear(try connection.notifications(waitingUpTo: 0), deliver: deliver)
        defer {
            activityBeforeLastLook = activityBefore
            looks.add(1, ordering: .releasing)
        }

        var everything = false
        if report.committed {
            let ended = report.endedTransactions
            if let ended {
                var committed = try PGChangeProbe.committed(among: ended.filter { !announced.contains($0) }, on: connection)
                if !committed.isEmpty && !tablesWithTriggers.isEmpty {
                    // A trigger's notification leaves the server just after the commit it
                    // announces: a moment's wait lets it name its table rather than every one.
                    hear(try connection.notifications(waitingUpTo: Self.notificationGrace), deliver: deliver)
                    committed.subtract(announced)
                }
                // Read after the server said which committed: every commit of the writer's that it
                // counted had been sent by then.
                let own = activityBeforeLastLook.commitsAtMost(until: activity.reading)
                everything = UInt64(committed.count) > own
                announced.subtract(ended)
            } else {
                // More ended than are told apart: another session's unless the writer alone may
                // have committed as many.
                everything = activityBeforeLastLook.commitsAtMost(until: activity.reading) < UInt64(PGSnapshot.endedLimit)
            }
            if announced.count > 4_096 { announced = [] }
            if everything {
                // The snapshot is the server's: whose commit was it? Not this database's when none
                // of its other sessions was busy or went idle since the look before.
                var ours = PostgresSessions.neverCommitting.processIDs
                if let writerProcessID { ours.append(writerProcessID) }
                if try !probe.othersMayHaveCommitted(on: connection, excluding: ours) {
                    everything = false
                    // Or a session that has ended: its statistics name the tables, also ones this
                    // database wrote to (their counters are not taken for its own for two looks).
                    countersTrustedForLooks = 2
                }
            }
        }
        if triggersMayHaveChanged.exchange(false, ordering: .acquiringAndReleasing) {
            try readTriggers(on: connection)
        }
        let now = ContinuousClock.now
        // A counter seen moved now may have moved any time since the previous look read it: a table
        // is still this database's own if its time had not run out when that look began (a look
        // held up by a busy machine must not take its own late statistics for another session's).
        let previousLook = lastLookStart ?? now
        lastLookStart = lookStart
        var own = ownWrites.withLock { writes in
            writes = writes.filter { $0.value > previousLook }
            return Set(writes.keys)
        }
        if countersTrustedForLooks > 0 {
            own = []
            countersTrustedForLooks -= 1
        }
        var named: Set<String> = []
        for table in report.changedTables
        where table.schema == schema && !tablesWithTriggers.contains(table.name) && !own.contains(table.name) {
            named.insert(table.name)
        }
        for table in report.missingTables where table.schema == schema {
            named.insert(table.name)
        }
        // Every table delivered now is read again first (at most once per spacing), so that a
        // table another session just created is in it.
        let deliversEveryTable = (everything || everyTableDeferred) && !everyTableHeldBack(at: now)
        if !report.missingTables.isEmpty || deliversEveryTable
            || (report.committed && tablesReadAt.map { now - $0 > .seconds(1) } ?? true)
        {
            try readTables(on: connection)
        }
        if everything || everyTableDeferred {
            // The tables this database wrote to lately are not left for later: their counters
            // are taken for its own, so nothing would name them.
            deliverEveryTable(deliver, at: now, confirmed: withViews(named.union(own)), unconfirmed: true)
        }
        if !named.isEmpty && !everyTableDelivered(since: now) {
            var changes = ChangeSet()
            changes.isExternal = true
            for table in withViews(named).sorted() { changes.appendTableOnly(table) }
            deliver(changes)
        }
    }

    /// Delivers every table, or, within ``everyTableSpacing`` of the last such delivery, defers it
    /// to the first look after that.
    /// The relations gone since the last such delivery are named too.
    ///
    /// With `unconfirmed` (the snapshot's word: the changed tables are named later by their
    /// statistics), the base tables not among `confirmed` are marked
    /// ``ChangeSet/unconfirmedTables``; after a reconnect nothing will name them later.
    private func deliverEveryTable(
        _ deliver: (ChangeSet) -> Void, at now: ContinuousClock.Instant = .now, confirmed: Set<String> = [],
        unconfirmed: Bool = false
    ) {
        if everyTableHeldBack(at: now) {
            everyTableDeferred = true
            return
        }
        everyTableDeferred = false
        lastEveryTable = now
        let tables = vanished.subtracting(everyTable).sorted() + everyTable
        vanished = []
        guard !tables.isEmpty else { return }
        var changes = ChangeSet()
        changes.isExternal = true
        for table in tables { changes.appendTableOnly(table) }
        if unconfirmed {
            // Tables with counters only: a view's change is never named later.
            let counted = Set(probe.watched.lazy.filter { $0.schema == self.schema }.map(\.name))
            changes.unconfirmedTables = counted.intersection(tables).subtracting(confirmed)
        }
        deliver(changes)
    }

    /// Whether a delivery of every table at `now` waits for ``everyTableSpacing``.
    private func everyTableHeldBack(at now: ContinuousClock.Instant) -> Bool {
        lastEveryTable.map { now - $0 < Self.everyTableSpacing } ?? false
    }

    /// Whether every table was delivered during the look that began at `start` (which covers
    /// the tables it named).
    private func everyTableDelivered(since start: ContinuousClock.Instant) -> Bool {
        lastEveryTable.map { $0 >= start } ?? false
    }

    // MARK: - The catalog

    /// `tables` and the views that show them.
    private func withViews(_ tables: Set<String>) -> Set<String> {
        tables.reduce(into: tables) { $0.formUnion(viewsShowing[$1] ?? []) }
    }

    /// Reads the schema's tables, views and materialized views (partitions are counted in their
    /// parent) with the relations each view reads (its rule's dependencies), and watches the
    /// tables' counters.
    private func readTables(on connection: PGConnection) throws {
        let rows = try connection.execute(
            """
            SELECT c.relname, c.relkind IN ('r', 'p'), t.relname FROM pg_catalog.pg_class c
            JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
            LEFT JOIN pg_catalog.pg_rewrite r ON r.ev_class = c.oid AND c.relkind IN ('v', 'm')
            LEFT JOIN pg_catalog.pg_depend d ON d.classid = 'pg_catalog.pg_rewrite'::regclass AND d.objid = r.oid
              AND d.refclassid = 'pg_catalog.pg_class'::regclass AND d.refobjid <> c.oid
            LEFT JOIN pg_catalog.pg_class t ON t.oid = d.refobjid AND t.relnamespace = c.relnamespace
            WHERE n.nspname = $1 AND c.relkind IN ('r', 'p', 'v', 'm', 'f') AND NOT c.relispartition
            ORDER BY 1
            """, [.text(schema)])
        var every: [String] = []
        var tables: Set<PGQualifiedName> = []
        var reads: [String: Set<String>] = [:]
        for row in rows {
            guard let name = row.text(at: 0) else { continue }
            if every.last != name { every.append(name) }
            if try row.bool(at: 1) == true { tables.insert(PGQualifiedName(schema: schema, name: name)) }
            if let read = row.text(at: 2) { reads[name, default: []].insert(read) }
        }
        vanished.formUnion(Set(everyTable).subtracting(every))
        everyTable = every
        viewsShowing = Self.viewsShowing(reads)
        probe.unwatch(probe.watched.subtracting(tables))
        probe.watch(tables.subtracting(probe.watched))
        tablesReadAt = ContinuousClock.now
    }

    /// For each relation, the views that read it directly or through other views, from what each
    /// view reads directly.
    static func viewsShowing(_ reads: [String: Set<String>]) -> [String: Set<String>] {
        var showing: [String: Set<String>] = [:]
        for view in reads.keys {
            var seen: Set<String> = []
            var pending = Array(reads[view] ?? [])
            while let relation = pending.popLast() {
                guard relation != view, seen.insert(relation).inserted else { continue }
                pending.append(contentsOf: reads[relation] ?? [])
            }
            for relation in seen { showing[relation, default: []].insert(view) }
        }
        return showing
    }

    private func readTriggers(on connection: PGConnection) throws {
        tablesWithTriggers = Set(try PGNotifyTriggers.installedTables(using: connection).filter { $0.schema == schema }.map(\.name))
    }

    /// The writer's server process, read when the writer is free (never waiting for it; the last
    /// one read is kept otherwise).
    private func readWriterProcessID(_ database: DatabaseCore) {
        guard case .postgres(let writer) = database.writer.connection,
              let id = database.writer.lock.tryWithLock({ writer.client.backendProcessID })
        else { return }
        writerProcessID = id
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * 1_000 + Int(attoseconds / 1_000_000_000_000_000)
    }
}

/// A weak reference to a database's core, for the monitor's timer and loop.
struct WeakCore: @unchecked Sendable {
    // Written once at init, read-only after.
    weak var core: DatabaseCore?
    init(_ core: DatabaseCore) { self.core = core }
}
