// Raw SQL on a database: statements and scripts run on the writer, queries on a reader.

extension Database {
    /// Runs one statement. Values are bound, never spliced: interpolate them, or write `?` and pass them
    /// after the SQL (a collection fills one `?` as an `IN` list).
    ///
    /// ```swift
    /// try db.execute("UPDATE person SET age = \(age) WHERE id = \(id)")
    /// try db.execute("UPDATE person SET age = ? WHERE id IN ?", 42, [1, 2, 3])
    /// ```
    /// - Returns: the number of rows changed.
    @discardableResult
    public func execute(_ sql: SQL, _ arguments: any SQLExpressible...) throws -> Int {
        let bound = try sql.binding(arguments).rendered(in: dialect)
        return try write { connection in
            try connection.execute(bound)
            let changed = connection.changedRowCount
            guard let recorded = writer.recordedChanges else { return changed }
            let keyword = SQLScript.leadingKeyword(of: bound.text)
            // A row write that changed no row changed nothing: told as nothing, as SQLite's hooks
            // tell it (it used to be told as a change of its table on PostgreSQL).
            if changed > 0 || !Self.rowWritingKeywords.contains(keyword) {
                recorded.recordStatements(of: bound.text)
            }
            if keyword == "INSERT", changed > 0 {
                try connection.records.noteKeysGivenByHand(in: bound.text, database: self)
            }
            return changed
        }
    }

    /// Runs several statements separated by semicolons (a schema script, say), all or nothing.
    ///
    /// The script runs in one transaction (a savepoint inside a transaction already open): when a
    /// statement fails, none of the script stays applied. A script that manages transactions itself
    /// or holds a statement SQLite does not run inside one (see
    /// ``SQLScript/runsOutsideTransaction(_:)``: `BEGIN`, `COMMIT`, `VACUUM`, `ATTACH`, a `PRAGMA`…)
    /// runs as written instead, each statement applied as it runs; a transaction such a script opened
    /// and left open by failing is rolled back.
    ///
    /// ```swift
    /// try db.executeScript("CREATE TABLE a (x); CREATE TABLE b (y REFERENCES a)")
    /// try db.executeScript("DELETE FROM log WHERE day < \(cutoff); INSERT INTO audit (note) VALUES (\(note))")
    /// ```
    /// Values (interpolated, or `SQL(text, arguments:)`) fill the placeholders statement by
    /// statement, in order.
    ///
    /// - Throws: the failing statement's ``SQLiteError``;
    ///   ``ORMError/argumentCountMismatch(sql:placeholders:arguments:)`` when the values do not
    ///   match the script's placeholders.
    public func executeScript(_ sql: SQL) throws {
        let sql = sql.rendered(in: dialect)
        defer { writer.lock.withLock { _ in writer.connection.clearStatementCache() } }
        do {
            // Wrapped until a statement turns out to manage transactions itself: then what ran is
            // rolled back and the script runs again as written (no scan of the script beforehand).
            try transaction { _ in
                try writer.connection.executeScript(sql, stoppingOutsideTransaction: true)
                writer.recordedChanges?.recordStatements(of: sql.text)
            }
        } catch is StatementRunsOutsideTransaction {
            try write { connection in
                let wasAutocommit = !connection.isInTransaction
                do {
                    try connection.executeScript(sql, stoppingOutsideTransaction: false)
                    writer.recordedChanges?.recordStatements(of: sql.text)
                } catch {
                    if wasAutocommit && connection.isInTransaction {
                        try? connection.rollback()
                        writer.discardPendingChanges()
                    }
                    // Statements before the failing one may have committed: their tables are told
                    // (at worst a refresh too many, never a change missed).
                    writer.recordedChanges?.recordStatements(of: sql.text)
                    throw error
                }
            }
        }
    }

    /// Runs a query and returns every row as values, in column order.
    public func fetchAll(_ sql: SQL, _ arguments: any SQLExpressible...) throws -> [[SQLValue]] {
        let bound = try sql.binding(arguments).rendered(in: dialect)
        return try read { connection in
            var rows: [[SQLValue]] = []
            try connection.driverConnection.forEachValueRow(bound) { rows.append($0) }
            return rows
        }
    }

    /// Runs a query and hands each row to `body` as SQLite steps to it, values in column order:
    /// the rows are not collected, so a result of any size takes the memory of one row, and all
    /// of them come from one snapshot of the database (a reader holds it until the last row).
    ///
    /// ```swift
    /// try db.forEachRow("SELECT id, name FROM person WHERE age > ?", 30) { row in print(row) }
    /// ```
    public func forEachRow(_ sql: SQL, _ arguments: any SQLExpressible..., body: ([SQLValue]) throws -> Void) throws {
        let bound = try sql.binding(arguments).rendered(in: dialect)
        try read { connection in
            try connection.driverConnection.forEachValueRow(bound, body)
        }
    }

    /// Runs a query and returns its rows with their column names.
    public func fetchRows(_ sql: SQL, _ arguments: any SQLExpressible...) throws -> ResultTable {
        let bound = try sql.binding(arguments).rendered(in: dialect)
        func run<C: DriverConnection>(_ connection: C) throws -> ResultTable {
            let statement = try connection.prepare(bound.text)
            try statement.bind(bound.arguments)
            // A server's statement runs at its first step: its columns are known before.
            var rows: [[SQLValue]] = []
            while try statement.step() { rows.append(statement.row()) }
            let columns = (0..<statement.columnCount).map { statement.columnName(at: $0) }
            return ResultTable(columns: columns, rows: rows)
        }
        return try read { connection in
            try run(connection.driverConnection)
        }
    }

    /// The first column of the first row, or nil when there is no row.
    public func scalar(_ sql: SQL, _ arguments: any SQLExpressible...) throws -> SQLValue? {
        let bound = try sql.binding(arguments).rendered(in: dialect)
        return try read { connection in
            var value: SQLValue?
            try connection.driverConnection.forEachValueRow(bound) { row in
                if value == nil { value = row.first }
            }
            return value
        }
    }

    /// Whether `sql`, one statement, leaves the database file as it is, as `sqlite3_stmt_readonly`
    /// tells: true for queries and for transaction control (`BEGIN`, `COMMIT`), false for
    /// statements that write rows or the schema. The statement is prepared, not run. On
    /// PostgreSQL, judged from its words (a query that writes nothing) and its leading keyword
    /// (transaction control, as SQLite tells it).
    ///
    /// - Throws: the database's error when the statement does not prepare.
    public func isReadOnly(_ sql: SQL) throws -> Bool {
        try read { connection in try connection.driverConnection.statementIsReadOnly(sql.text) }
    }

    /// Interrupts whatever statement the writer is running (from any thread).
    public func interrupt() {
        core.interrupt()
    }
}

