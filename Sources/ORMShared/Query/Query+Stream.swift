extension Query {
    /// Hands every matching record to `body` in order as it is read, holding none of them: for
    /// walking a result too large to keep (an export, say). Reads inside one read transaction, so
    /// the records are a consistent snapshot; throw from `body` to stop early.
    ///
    /// ```swift
    /// try db.table("events").query().orderBy("at").forEach { record in
    ///     try file.write(record.values)
    /// }
    /// ```
    public func forEach(_ body: (Record) throws -> Void) throws {
        let database = try target()
        try decoder.prepare(database)
        let parts = try parts()
        try run(statement(select: recordSelect(parts), parts: parts), database, parts) { record, _ in
            try body(record)
        }
    }

    /// The statement ``forEach(_:)`` runs: the entity's columns (key columns first), then any joined
    /// columns, with the query's conditions and order. For reading rows in place (see
    /// ``Database/forEachStatementRow(_:_:body:)``).
    package func selectStatement() throws -> SQL {
        let parts = try parts()
        return statement(select: recordSelect(parts), parts: parts)
    }

    /// Checks that the query is valid (its conditions, order and paths compile) without reading
    /// a row.
    ///
    /// - Throws: the database's error for SQL it refuses, ``ORMError/invalidQuery(_:)`` for a bad path.
    public func validate() throws {
        let database = try target()
        try decoder.prepare(database)
        let parts = try parts()
        let sql = statement(select: recordSelect(parts), parts: parts)
        try database.read { connection in try connection.driverConnection.check(sql.text) }
    }
}
