// One statement run for many rows of values: prepared once, bound row after row.

extension Database {
    /// Runs `sql`, one statement, once for each element of `argumentRows`, in one transaction (a
    /// savepoint inside one already open): all or nothing. The statement is prepared once and
    /// each row's values bound in turn, so loading many rows costs no parsing a row.
    ///
    /// ```swift
    /// try db.executeBatch("INSERT INTO point (x, y) VALUES (?, ?)", argumentRows: [[1, 2], [3, 4]].map { $0.map(SQLValue.integer) })
    /// ```
    ///
    /// - Throws: the database's error for the row that failed (none of the rows stays);
    ///   ``ORMError/argumentCountMismatch(sql:placeholders:arguments:)`` for a row whose values do
    ///   not match the placeholders.
    public func executeBatch(_ sql: String, argumentRows: [[SQLValue]]) throws {
        guard !argumentRows.isEmpty else { return }
        func run<C: DriverConnection>(_ connection: C) throws {
            try connection.cachedStatement(sql).use { statement in
                for arguments in argumentRows {
                    try statement.bind(arguments)
                    try statement.run()
                    statement.reset()
                }
            }
        }
        try transaction { _ in
            try write { connection in
                try run(connection.records)
                writer.recordedChanges?.recordStatements(of: sql)
            }
        }
    }
}
