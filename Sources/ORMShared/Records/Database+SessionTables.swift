import Synchronization

// Rows held on a PostgreSQL server for this session only (``SessionTable``): a file joined with a
// table of the database, say, without writing anything the server keeps.

extension Database {
    /// Makes a temporary table of the writer's session, `pg_temp."prefix_1"` (the first of
    /// `prefix_1`, `prefix_2`… no session table of this database has), with `columns`, and fills
    /// it in one transaction with the rows `fill` hands its `insert`, a batch at a time (bound
    /// values, several rows a statement); then analyzes it, as autovacuum never looks at a
    /// temporary table. Until the returned table is let go, every read runs on the writer's
    /// session, the only one that sees the table: counts, pages, summaries and exports of a query
    /// that names it all work, one at a time.
    ///
    /// ```swift
    /// let moods = try db.makeSessionTable(namedAfter: "joined", columns: [("id", .integer), ("mood", .text)]) { insert in
    ///     try insert([[.integer(1), .text("loud")], [.integer(2), .text("calm")]])
    /// }
    /// let rows = try db.fetchAll("SELECT * FROM pg_temp.joined_1")
    /// ```
    ///
    /// A read-only database refuses: PostgreSQL's read-only transactions refuse `CREATE TEMP
    /// TABLE` (a temporary table is still rows in the server's catalog), and a standby has none.
    ///
    /// - Throws: ``ORMError/notSupported(feature:database:)`` on a database without them, SQLite (attach a file there:
    ///   ``attach(file:as:)``), ``ORMError/readOnlyDatabase(path:)``, ``ORMError/invalidQuery(_:)``
    ///   while a transaction is open on the writer, what `fill` throws, or the server's error; the
    ///   table is gone then.
    public func makeSessionTable(
        namedAfter prefix: String, columns: [(name: String, type: StoredType)],
        fill: (_ insert: ([[SQLValue]]) throws -> Void) throws -> Void
    ) throws -> SessionTable {
        guard writer.connection.records.hasSessionTables else {
            throw ORMError.notSupported(feature: "session tables", database: writer.connection.databaseName)
        }
        if refusesWrites { throw ORMError.readOnlyDatabase(path: core.path) }
        let name = core.sessionTableNames.withLock { names in
            let name = (1...).lazy.map { "\(prefix)_\($0)" }.first { !names.contains($0) } ?? prefix
            names.insert(name)
            return name
        }
        let table = "\(quoteIdentifier(SessionTable.schema)).\(quoteIdentifier(name))"
        let definitions = columns.map { "\(quoteIdentifier($0.name)) \(dialect.columnType(for: $0.type))" }
        let names = columns.map { quoteIdentifier($0.name) }.joined(separator: ", ")
        let row = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
        do {
            try withWriter { connection in
                // Made inside a transaction of the session's own, the table would go with its rollback.
                guard !connection.isInTransaction else {
                    throw ORMError.invalidQuery("a transaction is open on the session: end it (COMMIT or ROLLBACK) first")
                }
                try connection.execute(SQL(stringLiteral: "CREATE TEMP TABLE \(quoteIdentifier(name)) (\(definitions.joined(separator: ", ")))"))
            }
            try withWriter { connection in
                try connection.begin(.immediate)
                do {
                    try fill { rows in
                        for batch in Self.sessionTableBatches(of: rows, columns: columns.count) where !batch.isEmpty {
                            let values = Array(repeating: row, count: batch.count).joined(separator: ", ")
                            let arguments: [SQLValue] = batch.reduce(into: []) { $0.append(contentsOf: $1) }
                            try connection.execute(SQL("INSERT INTO \(table) (\(names)) VALUES \(values)", arguments: arguments))
                        }
                    }
                    try connection.execute(SQL(stringLiteral: "ANALYZE \(table)"))
                    try connection.commit()
                } catch {
                    if connection.isInTransaction { try? connection.rollback() }
                    throw error
                }
            }
        } catch {
            dropSessionTable(named: name, counted: false)
            throw error
        }
        core.sessionTableCount.add(1, ordering: .relaxed)
        return SessionTable(name: name, columns: columns.map(\.name), database: self)
    }

    /// Drops the session table `name` (the reads go back to the readers when it was the last one);
    /// a failure (the session was lost, and the table with it) is ignored.
    func dropSessionTable(named name: String, counted: Bool = true) {
        _ = try? withWriter { connection in
            try connection.execute(SQL(stringLiteral: "DROP TABLE IF EXISTS \(quoteIdentifier(SessionTable.schema)).\(quoteIdentifier(name))"))
        }
        // The name is free before the count says the table is gone.
        _ = core.sessionTableNames.withLock { $0.remove(name) }
        if counted {
            core.sessionTableCount.subtract(1, ordering: .relaxed)
        }
    }

    /// `rows` cut into batches of at most 1,000 rows and 30,000 values (a statement takes at most
    /// 65,535 parameters).
    static func sessionTableBatches(of rows: [[SQLValue]], columns: Int) -> [ArraySlice<[SQLValue]>] {
        let size = max(1, min(1_000, 30_000 / max(1, columns)))
        return stride(from: 0, to: rows.count, by: size).map { rows[$0..<min($0 + size, rows.count)] }
    }
}
