import FoundationEssentials
import ORMShared

// One statement run with long values read in place from another statement's row.

extension Database {
    /// Runs `sql`, one statement, once, in a transaction of its own (a savepoint inside one already
    /// open), with `arguments` bound in order and the parameters at the positions of `borrowed`
    /// (0-based, as ``StatementRunRow/borrowed`` numbers a row's columns) bound to those bytes in
    /// place: on SQLite the only copy of such a value is the record SQLite writes (an insert's), and
    /// no binding points at the bytes once this returns. Elsewhere they are copied first.
    ///
    /// ```swift
    /// _ = try source.runStatement("SELECT * FROM t", borrowingValuesOver: 65_536, columns: { _ in }) { row in
    ///     try copy.execute("INSERT INTO t VALUES (?, ?)", arguments: row.values, borrowed: row.borrowed)
    /// }
    /// ```
    ///
    /// - Throws: the database's error (nothing stays);
    ///   ``ORMError/argumentCountMismatch(sql:placeholders:arguments:)`` when `arguments` does not
    ///   match the placeholders.
    public func execute(_ sql: String, arguments: [SQLValue], borrowed: [Int: BorrowedValue]) throws {
        try transaction { _ in
            try write { connection in
                if let sqlite = connection.driverConnection as? Connection {
                    try sqlite.cachedStatement(sql).use { statement in
                        defer { statement.clearBindings() }
                        try statement.bind(arguments)
                        for (index, value) in borrowed {
                            try statement.bindBorrowed(value, at: Int32(index + 1))
                        }
                        try statement.run()
                    }
                } else {
                    // Another database has no borrowed binding: the values are copied.
                    var values = arguments
                    for (index, value) in borrowed where values.indices.contains(index) {
                        values[index] = value.kind == .text
                            ? .text(String(decoding: value.bytes, as: UTF8.self)) : .blob(Data(value.bytes))
                    }
                    func run(on connection: some DriverConnection) throws {
                        try connection.cachedStatement(sql).use { statement in
                            try statement.bind(values)
                            try statement.run()
                        }
                    }
                    try run(on: connection.driverConnection)
                }
                writer.recordedChanges?.recordStatements(of: sql)
            }
        }
    }
}
