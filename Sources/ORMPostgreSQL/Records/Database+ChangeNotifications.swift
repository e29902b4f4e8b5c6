import PostgresClient
import ORMShared

// PostgreSQL's notification triggers, installed and removed on request.

extension Database {
    /// Installs notification triggers on `tables` of a PostgreSQL database (every table of its
    /// schema when nil), so that other sessions' commits to them reach this process's subscribers
    /// the moment they commit, named, rather than at the next look of the watch (250 ms) and by
    /// name only once the committing session's statistics arrive (up to ten seconds later).
    ///
    /// Installs one PL/pgSQL function, `reef_notify_change()`, in the schema, and on each table
    /// one statement-level trigger of the same name (`AFTER INSERT OR UPDATE OR DELETE OR
    /// TRUNCATE … FOR EACH STATEMENT`) that calls `pg_notify('reef_changes', …)` with the operation,
    /// the table and the transaction id. A statement pays for one notification, not one per row;
    /// a rolled-back transaction sends none. Triggers installed before on a table are replaced.
    /// All in one transaction: everything is installed, or nothing.
    ///
    /// **Privileges**: `CREATE` on the schema (PostgreSQL 15 grants it on `public` to the database
    /// owner only) and `TRIGGER` on each table. Removing them needs to own each table and the
    /// function. Listening needs nothing: every ORMCore process watching the database hears them.
    ///
    /// ```swift
    /// let db = try Database(url: "postgres://ann@db.example.com/sales")
    /// let tables = try db.installChangeNotifications(on: ["orders"])   // ["orders"]
    /// try db.removeChangeNotifications()                               // every table carrying them
    /// ```
    ///
    /// - Parameter tables: table names in the database's schema; nil for every table of it
    ///   (views and partitions excluded: a partitioned table's trigger covers its partitions).
    /// - Returns: the tables that carry the triggers now, in name order.
    /// - Throws: ``ORMError/notSupported(feature:database:)`` on SQLite, whose watch reads other
    ///   processes' commits from the file within 16 ms with nothing installed;
    ///   ``ORMError/readOnlyDatabase(path:)`` on a database opened read-only;
    ///   ``ORMError/transactionFailed(reason:)`` inside a transaction (installing commits);
    ///   ``PostgresDatabaseError`` naming the missing privilege (SQLSTATE `42501`) or a table that
    ///   is not there, with nothing installed.
    @discardableResult
    public func installChangeNotifications(on tables: [String]? = nil) throws -> [String] {
        try withNotificationConnection { client, schema in
            let names = try tables ?? Self.baseTables(of: schema, using: client)
            do {
                try PGNotifyTriggers.install(on: names.map { PGQualifiedName(schema: schema, name: $0) }, using: client)
            } catch let error as PGError where error.sqlState == "42501" {
                throw PostgresDatabaseError(PGError(
                    kind: error.kind,
                    message: "installing the notification triggers needs CREATE on schema \(PGConnection.quoteIdentifier(schema)) "
                        + "and TRIGGER on each table: \(error.message); nothing was installed",
                    sqlState: error.sqlState, detail: error.detail, hint: error.hint, schema: error.schema, table: error.table,
                    sql: error.sql))
            }
            return try Self.tablesWithTriggers(in: schema, using: client)
        }
    }

    /// Removes the notification triggers of ``installChangeNotifications(on:)`` from `tables` (every
    /// table of the schema carrying them when nil), and the function once no trigger calls it, in
    /// one transaction. Tables without them are skipped.
    ///
    /// - Returns: the tables that still carry the triggers, in name order.
    /// - Throws: as ``installChangeNotifications(on:)``; removing needs to own each table and the
    ///   function (SQLSTATE `42501` otherwise, nothing removed).
    @discardableResult
    public func removeChangeNotifications(from tables: [String]? = nil) throws -> [String] {
        try withNotificationConnection { client, schema in
            let names = try tables ?? Self.tablesWithTriggers(in: schema, using: client)
            try PGNotifyTriggers.remove(from: names.map { PGQualifiedName(schema: schema, name: $0) }, using: client)
            return try Self.tablesWithTriggers(in: schema, using: client)
        }
    }

    /// The tables of the database's schema that carry the notification triggers, in name order
    /// (always empty on SQLite, which needs none).
    public func tablesWithChangeNotifications() throws -> [String] {
        guard dialect.kind == .postgres else { return [] }
        return try read { connection in
            guard let postgres = connection.driverConnection as? PostgresConnection else { return [] }
            return try PostgresConnection.wrapping {
                try Self.tablesWithTriggers(in: Self.schema(of: postgres), using: postgres.client)
            }
        }
    }

    // MARK: - Helpers

    /// Runs `body` with the writer's client and the schema, outside any transaction, then tells the
    /// watch to read which tables carry the triggers.
    private func withNotificationConnection<T>(_ body: (PGConnection, String) throws -> T) throws -> T {
        guard dialect.kind == .postgres else {
            throw ORMError.notSupported(feature: "notification triggers (other processes' commits are read from the file)", database: "SQLite")
        }
        defer { core.externalChanges.triggersChanged() }
        return try write { connection in
            guard let postgres = connection.postgres else {
                throw ORMError.notSupported(feature: "notification triggers", database: "SQLite")
            }
            guard !postgres.isInTransaction else {
                throw ORMError.transactionFailed(
                    reason: "notification triggers are installed and removed in a transaction of their own: commit or roll back first")
            }
            // Its statements go to the client directly: counted here as one that may commit, so
            // that the watch takes their transaction for this database's own.
            postgres.activity?.statementWillRun(mayCommit: true)
            return try PostgresConnection.wrapping { try body(postgres.client, Self.schema(of: postgres)) }
        }
    }

    private static func schema(of connection: PostgresConnection) -> String {
        (connection.introspector as? PostgresIntrospector)?.schema ?? "public"
    }

    private static func baseTables(of schema: String, using client: PGConnection) throws -> [String] {
        try client.execute(
            """
            SELECT c.relname FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = $1 AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY 1
            """, [.text(schema)]
        ).compactMap { $0.text(at: 0) }
    }

    private static func tablesWithTriggers(in schema: String, using client: PGConnection) throws -> [String] {
        try PGNotifyTriggers.installedTables(using: client).filter { $0.schema == schema }.map(\.name).sorted()
    }
}
