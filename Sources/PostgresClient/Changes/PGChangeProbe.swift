/// Tells, from a cheap query asked on a timer, whether other sessions committed since the last
/// look and which of the watched tables they changed, with nothing installed on the server and no
/// privilege beyond connecting.
///
/// It reads two things in one round trip (and when the server began reading them):
/// - **the current snapshot** (`pg_current_snapshot()`: the oldest transaction still running, the
///   next to be numbered, and those in between still running). It moves as soon as any transaction
///   that wrote ends, so ``PGChangeReport/committed`` is known at once; it cannot say which table
///   changed, and a write in another database of the same cluster moves it too.
/// - **the statistics' row counters** of each watched table (`pg_stat_all_tables`, summed over
///   the partitions of a partitioned table): the rows changed since the last analyze and the live
///   rows, which only a commit moves (a rolled-back write moves neither). They name the table,
///   but a session reports them at
///   most once a second (`PGSTAT_MIN_INTERVAL`), and one that wrote sooner than that after its last
///   report and then went idle reports 10 seconds later (`PGSTAT_IDLE_INTERVAL`, PostgreSQL 15): they
///   can lag a commit by that much. A view has none: only the snapshot speaks for it.
///
/// A browser re-reads the rows on screen when ``PGChangeReport/committed`` is set, and recounts a
/// table when it is among ``PGChangeReport/changedTables``. For changes within 250 ms that name
/// their table, install ``PGNotifyTriggers`` instead.
///
/// The look runs outside a transaction block: inside one the snapshot is the transaction's own and
/// the statistics are read once and cached. Use a connection of its own, or one that is idle.
///
/// ```swift
/// var probe = PGChangeProbe(watching: [PGQualifiedName(schema: "public", name: "orders")])
/// _ = try probe.look(on: connection)                   // the first look sets the baseline
/// let report = try probe.look(on: connection)          // later, on a timer
/// if report.committed { /* read what is shown again */ }
/// ```
public struct PGChangeProbe: Sendable {
    /// The tables whose counters are compared.
    public private(set) var watched: Set<PGQualifiedName>
    private var snapshot: PGSnapshot?
    private var counters: [PGQualifiedName: PGTableCounters?] = [:]
    /// When the server began the last look's query, and the one before it (its text).
    private var lookTime: String?
    private var previousLookTime: String?

    /// A probe watching `tables`; its first ``look(on:)`` sets the baseline and reports nothing.
    public init(watching tables: some Sequence<PGQualifiedName> = [PGQualifiedName]()) {
        watched = Set(tables)
    }

    /// Adds tables to those watched; each one's first look sets its baseline.
    public mutating func watch(_ tables: some Sequence<PGQualifiedName>) {
        watched.formUnion(tables)
    }

    /// Stops watching tables.
    public mutating func unwatch(_ tables: some Sequence<PGQualifiedName>) {
        for table in tables {
            watched.remove(table)
            counters[table] = nil
        }
    }

    /// Looks at the server and reports what moved since the last look.
    ///
    /// - Throws: ``PGError`` (`.misuse`) when `connection` is inside a transaction block, and
    ///   the server's errors.
    public mutating func look(on connection: PGConnection) throws -> PGChangeReport {
        guard connection.transactionStatus == .idle else {
            throw PGError(
                kind: .misuse,
                message: "a change probe looks outside a transaction: inside one, the snapshot and the statistics stay as they were when it began")
        }
        let tables = watched.sorted { ($0.schema, $0.name) < ($1.schema, $1.name) }
        let snapshotFunction = connection.serverVersion >= 130_000 ? "pg_current_snapshot()" : "txid_current_snapshot()"
        let result = try connection.execute(Self.query(snapshotFunction: snapshotFunction), [
            .text(PGArrayText.literal(tables.map(\.schema))), .text(PGArrayText.literal(tables.map(\.name))),
        ])
        var seenSnapshot: PGSnapshot?
        var seen: [PGQualifiedName: PGTableCounters?] = [:]
        var missing: Set<PGQualifiedName> = []
        for row in result {
            guard let schema = row.text(at: 0), let name = row.text(at: 1) else {
                seenSnapshot = row.text(at: 7).flatMap(PGSnapshot.init)
                previousLookTime = lookTime
                lookTime = row.text(at: 9)
                continue
            }
            let table = PGQualifiedName(schema: schema, name: name)
            guard try row.bool(at: 2) == true else {
                missing.insert(table)
                continue
            }
            if let inserted = try row.int64(at: 3), let updated = try row.int64(at: 4), let deleted = try row.int64(at: 5),
               let live = try row.int64(at: 6), let modified = try row.int64(at: 8) {
                seen[table] = .some(PGTableCounters(
                    inserted: inserted, updated: updated, deleted: deleted, live: live, modifiedSinceAnalyze: modified))
            } else {
                seen[table] = .some(nil)
            }
        }
        let committed = snapshot != nil && seenSnapshot != snapshot
        var ended: [UInt64]?
        if committed, let before = snapshot, let now = seenSnapshot {
            ended = now.ended(since: before)
        }
        snapshot = seenSnapshot
        var changed: Set<PGQualifiedName> = []
        for (table, now) in seen {
            if let before = counters[table], before?.committedChanges != now?.committedChanges {
                changed.insert(table)
            }
            counters[table] = now
        }
        let newlyMissing = missing.filter { counters[$0] != nil }
        for table in missing {
            counters[table] = nil
        }
        return PGChangeReport(
            committed: committed, changedTables: changed, missingTables: newlyMissing, endedTransactions: ended)
    }

    /// Those of `transactions` (ids as ``PGChangeReport/endedTransactions`` gives them) that
    /// committed, asked of the server (`pg_xact_status`) in one round trip: an aborted one, or a
    /// subtransaction whose parent still runs, is left out.
    ///
    /// - Throws: the server's errors (an id older than the server still keeps the status of).
    public static func committed(among transactions: [UInt64], on connection: PGConnection) throws -> Set<UInt64> {
        guard !transactions.isEmpty else {
            return []
        }
        let status = connection.serverVersion >= 130_000 ? "pg_catalog.pg_xact_status(x::xid8)" : "pg_catalog.txid_status(x::bigint)"
        let result = try connection.execute(
            "SELECT x FROM unnest($1::text[]) AS ids(x) WHERE \(status) = 'committed'",
            [.text(PGArrayText.literal(transactions.map { String($0) }))])
        return Set(result.compactMap { $0.text(at: 0).flatMap { UInt64($0) } })
    }

    /// Whether a session of the connection's database, other than the connection's own and those
    /// of `excluded` processes, may have committed since the look before the last one began
    /// (`pg_stat_activity`, one round trip): one that is not idle, that went idle since then, or
    /// whose state the role may not see (another role's session, without `pg_read_all_stats`).
    /// Autovacuum's workers are left out: their analyze commits, but changes no row.
    ///
    /// False tells that the transactions the last look saw commit belong to the server's other
    /// databases, or to a session that has ended since: a session reports its statistics as it
    /// ends, so the counters name what that one changed. True before two looks were made.
    ///
    /// - Throws: the server's errors.
    public func othersMayHaveCommitted(on connection: PGConnection, excluding excluded: [Int32]) throws -> Bool {
        guard let since = previousLookTime else {
            return true
        }
        let result = try connection.execute(
            """
            SELECT EXISTS (
                SELECT FROM pg_catalog.pg_stat_activity a
                WHERE a.datname = pg_catalog.current_database() AND a.pid <> pg_catalog.pg_backend_pid()
                  AND a.pid <> ALL ($1::int[]) AND a.backend_type IS DISTINCT FROM 'autovacuum worker'
                  AND (a.state IS DISTINCT FROM 'idle' OR a.state_change IS NULL OR a.state_change >= $2::timestamptz))
            """,
            [.text(PGArrayText.literal(excluded.map { String($0) })), .text(since)])
        return try result.first?.bool(at: 0) ?? true
    }

    /// The snapshot in a row of its own (schema and name NULL), then each watched table: whether it
    /// exists, and its counters summed over its leaf partitions (itself when not partitioned).
    private static func query(snapshotFunction: String) -> String {
        """
        SELECT NULL::text, NULL::text, true, NULL::bigint, NULL::bigint, NULL::bigint, NULL::bigint, \(snapshotFunction)::text,
               NULL::bigint, pg_catalog.statement_timestamp()::text
        UNION ALL
        SELECT w.schema, w.name, bool_or(r.oid IS NOT NULL),
               sum(s.n_tup_ins)::bigint, sum(s.n_tup_upd)::bigint, sum(s.n_tup_del)::bigint, sum(s.n_live_tup)::bigint, NULL,
               sum(s.n_mod_since_analyze)::bigint, NULL
        FROM unnest($1::text[], $2::text[]) AS w(schema, name)
        LEFT JOIN pg_catalog.pg_class r ON r.oid = pg_catalog.to_regclass(quote_ident(w.schema) || '.' || quote_ident(w.name))
        LEFT JOIN LATERAL (
            SELECT r.oid AS relid WHERE r.relkind <> 'p'
            UNION ALL
            SELECT t.relid FROM pg_catalog.pg_partition_tree(r.oid) t WHERE r.relkind = 'p' AND t.isleaf
        ) leaf ON true
        LEFT JOIN pg_catalog.pg_stat_all_tables s ON s.relid = leaf.relid
        GROUP BY w.schema, w.name
        """
    }
}
