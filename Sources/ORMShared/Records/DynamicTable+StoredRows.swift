extension DynamicTable {
    /// The rows with these keys as they are stored now, each by column name (the key columns and
    /// every column a query of the table reads), or nil for a key with no row. Read in a few
    /// statements, hundreds of keys each, not one query per key.
    ///
    /// ```swift
    /// let rows = try pets.storedRows(keys: [[10], [11], [99]])
    /// rows[2]  // nil: no pet 99
    /// ```
    ///
    /// Keys are matched as SQLite matches `key = ?` (with the column's affinity and collation); on
    /// PostgreSQL each key value is taken in its column's type (`"11"` finds an `integer` key 11).
    ///
    /// - Parameters:
    ///   - keys: the keys, each with one value per key column.
    ///   - waitingForLock: wait up to the busy timeout while another connection locks the file
    ///     against readers (a rollback-journal file being committed); false throws `SQLITE_BUSY`
    ///     at once instead.
    /// - Returns: one row (or nil) per key, in the order of `keys`.
    public func storedRows(keys: [[SQLValue]], waitingForLock: Bool = true) throws -> [[String: SQLValue]?] {
        var rows = [[String: SQLValue]?](repeating: nil, count: keys.count)
        let keyColumns = entity.keyColumns
        let width = keyColumns.count
        guard width > 0 else { return rows }
        let columns = entity.columns
        let selected = columns.map { "t." + quoteIdentifier($0) }.joined(separator: ", ")
        let join = keyColumns.enumerated()
            .map { "t.\(quoteIdentifier($0.element)) = v.column\($0.offset + 2)" }
            .joined(separator: " AND ")
        // A database with strict types (PostgreSQL) types a VALUES list's parameters as text (a
        // key column then meets `integer = text`): each is cast to its key column's type, as the
        // catalog's `format_type` writes it (its identifiers quoted by the server).
        let strict = database.dialect.rules.hasStrictTypes
        let places = [strict ? "CAST(? AS bigint)" : "?"] + keyColumns.map { column -> String in
            guard strict, let type = info.column(named: column)?.declaredType, !type.isEmpty
            else { return "?" }
            return "CAST(? AS \(type))"
        }
        let tuple = "(" + places.joined(separator: ", ") + ")"
        let usable = keys.indices.filter { keys[$0].count == width }
        let batchSize = max(1, 480 / (width + 1))
        func read<C: DriverConnection>(_ connection: C) throws {
            for start in stride(from: 0, to: usable.count, by: batchSize) {
                let batch = usable[start..<min(start + batchSize, usable.count)]
                var sql = SQL(stringLiteral: "SELECT v.column1, \(selected) FROM (VALUES ")
                sql.text += Array(repeating: tuple, count: batch.count).joined(separator: ", ")
                sql.text += ") AS v JOIN \(quoteIdentifier(name)) AS t ON \(join)"
                for index in batch {
                    sql.arguments.append(.integer(Int64(index)))
                    sql.arguments += keys[index]
                }
                try connection.forEachRow(sql) { statement in
                    let index = Int(statement.column(at: 0).int64)
                    var row: [String: SQLValue] = [:]
                    for (offset, column) in columns.enumerated() {
                        row[column] = statement.value(at: Int32(offset + 1))
                    }
                    rows[index] = row
                }
            }
        }
        try database.read(waitingForLock: waitingForLock) { connection in
            try read(connection.records)
        }
        return rows
    }
}
