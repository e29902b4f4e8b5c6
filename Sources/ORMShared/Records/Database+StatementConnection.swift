// Reading on the connection the statements typed by a person run on (Database.runStatement).

extension Database {
    /// Runs a query on the connection ``runStatement(_:columns:row:)`` runs statements on, if it is
    /// free now, and returns every row as values; nil when a statement holds it (one still running,
    /// its rows arriving), so a caller on the main thread never waits for it.
    ///
    /// That connection sees what the statements did to it alone: on SQLite the databases an
    /// `ATTACH` typed there attached and its `temp` tables, which a reader does not see (on a
    /// read-only database too, whose statements run on its read-only writer). On PostgreSQL, whose
    /// schemas every connection sees, the query runs on a reader, as ``fetchAll(_:_:)`` runs it.
    ///
    /// ```swift
    /// try db.runStatement("ATTACH DATABASE 'other.db' AS other", columns: { _ in }, row: { _ in })
    /// try db.fetchAllOnStatementConnection("SELECT name FROM pragma_table_list WHERE schema = 'other'")
    /// // [[.text("gadgets")], …]
    /// ```
    ///
    /// - Throws: the database's error.
    public func fetchAllOnStatementConnection(_ sql: SQL) throws -> [[SQLValue]]? {
        guard writer.connection.records.keepsStatementStateOnItsConnection else {
            return try fetchAll(sql)
        }
        let bound = sql.rendered(in: dialect)
        return try writer.lock.tryWithLock {
            var rows: [[SQLValue]] = []
            try writer.connection.driverConnection.forEachValueRow(bound) { rows.append($0) }
            return rows
        }
    }
}
