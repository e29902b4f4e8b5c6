import PostgresClient
import ORMShared

// MARK: - The catalog

extension PostgresChangeWatch {
    /// `tables` and the views that show them.
    func withViews(_ tables: Set<String>) -> Set<String> {
        tables.reduce(into: tables) { $0.formUnion(viewsShowing[$1] ?? []) }
    }

    /// Reads the schema's tables, views and materialized views (partitions are counted in their
    /// parent) with the relations each view reads (its rule's dependencies), and watches the
    /// tables' counters.
    package func readTables(on connection: PGConnection) throws {
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
        probe.unwatch(probe.watched.subtracting(tables).subtracting(otherTables))
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

    func readTriggers(on connection: PGConnection) throws {
        let installed = try PGNotifyTriggers.installedTables(using: connection)
        tablesWithTriggers = Set(installed.filter { $0.schema == schema }.map(\.name))
        otherTablesWithTriggers = otherTables.intersection(installed)
    }

    /// Takes the tables of other schemas asked for since the last look: their counters are
    /// watched from the next look on (its first sets their baseline), and those no longer asked
    /// for are dropped. Returns whether new ones came (which triggers they carry is to be read).
    @discardableResult
    func takeOtherTables() -> Bool {
        let wanted = requestedOtherTables.withLock { $0 }.filter { $0.schema != schema }
        guard wanted != otherTables else { return false }
        let added = wanted.subtracting(otherTables)
        probe.unwatch(otherTables.subtracting(wanted))
        probe.watch(added)
        otherTables = wanted
        otherTablesWithTriggers.formIntersection(wanted)
        return !added.isEmpty
    }

    /// The writer's server process, read when the writer is free (never waiting for it; the last
    /// one read is kept otherwise).
    func readWriterProcessID(_ database: DatabaseCore) {
        guard let writer = database.writer.connection.postgres,
              let id = database.writer.lock.tryWithLock({ writer.client.backendProcessID })
        else { return }
        writerProcessID = id
    }
}
