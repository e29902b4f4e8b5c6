/// Statement-level triggers that announce every committed insert, update, delete and truncate of a
/// table on the channel ``channel`` (`NOTIFY`), so a listener learns of another session's commit
/// within milliseconds and knows which table it touched. Installed only on request, and removed
/// the same way: they are objects in the user's database.
///
/// Each table gets one trigger, `reef_notify_change`, `AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
/// … FOR EACH STATEMENT`, calling one PL/pgSQL function of the same name in a schema the caller
/// chooses (by default the first table's). Notifications are sent when the transaction commits and
/// never for one rolled back; identical ones of a transaction arrive once. A statement pays for one
/// `pg_notify` call, not one per row.
///
/// Privileges: installing needs `CREATE` on the function's schema (PostgreSQL 15 grants it on
/// `public` to the database owner only) and `TRIGGER` on each table; removing a trigger needs to own
/// its table, and removing the function to own it. Listening needs nothing.
///
/// ```swift
/// let tables = [PGQualifiedName(schema: "public", name: "orders")]
/// try PGNotifyTriggers.install(on: tables, using: connection)
/// try listener.listen(PGNotifyTriggers.channel)
/// for notification in try listener.notifications(waitingUpTo: 1000) {
///     if let change = PGTableChange(notification) { print(change.table, change.operation) }
/// }
/// try PGNotifyTriggers.remove(from: tables, using: connection)
/// ```
public enum PGNotifyTriggers {
    /// The channel the triggers notify on.
    public static let channel = "reef_changes"
    /// The name of the triggers and of their function.
    public static let name = "reef_notify_change"

    /// Installs the function (in `functionSchema`, or the first table's schema) and a trigger on
    /// each of `tables`, replacing ones installed before, in one transaction: all or none.
    ///
    /// - Throws: ``PGError`` naming what was refused (a missing privilege, a table that is not
    ///   there or is a view); nothing is installed then.
    public static func install(
        on tables: [PGQualifiedName], functionSchema: String? = nil, using connection: PGConnection
    ) throws {
        guard let schema = functionSchema ?? tables.first?.schema else {
            return
        }
        let function = PGQualifiedName(schema: schema, name: name).quoted
        // `SET LOCAL … warning`: a trigger not there yet is no news (libpq would print the notice).
        var script = "BEGIN;\nSET LOCAL client_min_messages = warning;\n" + functionDefinition(function) + ";\n"
        for table in tables {
            script += "DROP TRIGGER IF EXISTS \(PGConnection.quoteIdentifier(name)) ON \(table.quoted);\n"
            script += "CREATE TRIGGER \(PGConnection.quoteIdentifier(name)) AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "
                + "\(table.quoted) FOR EACH STATEMENT EXECUTE FUNCTION \(function)();\n"
        }
        try runInTransaction(script + "COMMIT", on: connection)
    }

    /// Removes the triggers from `tables` (those without one are skipped), and the function of
    /// each schema once no trigger calls it, in one transaction.
    public static func remove(from tables: [PGQualifiedName], using connection: PGConnection) throws {
        var script = "BEGIN;\nSET LOCAL client_min_messages = warning;\n"
        for table in tables {
            script += "DROP TRIGGER IF EXISTS \(PGConnection.quoteIdentifier(name)) ON \(table.quoted);\n"
        }
        try runInTransaction(script, on: connection)
        do {
            for schema in try unusedFunctionSchemas(using: connection) {
                try connection.executeScript("DROP FUNCTION IF EXISTS \(PGQualifiedName(schema: schema, name: name).quoted)()")
            }
            try connection.executeScript("COMMIT")
        } catch {
            _ = try? connection.executeScript("ROLLBACK")
            throw error
        }
    }

    /// The tables of the database that carry the trigger now, in schema and name order.
    public static func installedTables(using connection: PGConnection) throws -> [PGQualifiedName] {
        try connection.execute(
            """
            SELECT n.nspname, c.relname FROM pg_catalog.pg_trigger t
            JOIN pg_catalog.pg_class c ON c.oid = t.tgrelid
            JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
            WHERE t.tgname = $1 ORDER BY 1, 2
            """, [.text(name)]
        ).compactMap { row in
            guard let schema = row.text(at: 0), let table = row.text(at: 1) else { return nil }
            return PGQualifiedName(schema: schema, name: table)
        }
    }

    /// The schemas holding the function with no trigger calling it.
    private static func unusedFunctionSchemas(using connection: PGConnection) throws -> [String] {
        try connection.execute(
            """
            SELECT n.nspname FROM pg_catalog.pg_proc p JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace
            WHERE p.proname = $1 AND p.pronargs = 0
              AND NOT EXISTS (SELECT 1 FROM pg_catalog.pg_trigger t WHERE t.tgfoid = p.oid)
            """, [.text(name)]
        ).compactMap { $0.text(at: 0) }
    }

    /// Runs a script that opens a transaction; when a statement fails, rolls back what is open so the
    /// connection is usable again, and rethrows.
    private static func runInTransaction(_ script: String, on connection: PGConnection) throws {
        do {
            try connection.executeScript(script)
        } catch {
            if connection.transactionStatus != .idle {
                _ = try? connection.executeScript("ROLLBACK")
            }
            throw error
        }
    }

    /// The function: the operation, schema, table and transaction id (`txid_current()`, the
    /// 64-bit id `pg_current_snapshot()` lists) on four lines, a line break in a name written `\n`
    /// and a backslash `\\`.
    private static func functionDefinition(_ function: String) -> String {
        #"""
        CREATE OR REPLACE FUNCTION \#(function)() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog AS $reef$
        BEGIN
            PERFORM pg_catalog.pg_notify('\#(channel)', TG_OP || E'\n'
                || replace(replace(TG_TABLE_SCHEMA, E'\\', E'\\\\'), E'\n', E'\\n') || E'\n'
                || replace(replace(TG_TABLE_NAME, E'\\', E'\\\\'), E'\n', E'\\n') || E'\n'
                || pg_catalog.txid_current()::text);
            RETURN NULL;
        END
        $reef$
        """#
    }
}
