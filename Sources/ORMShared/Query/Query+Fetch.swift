extension Query {
    /// The first matching record, or nil.
    public func first() throws -> Record? {
        let database = try target()
        try decoder.prepare(database)
        return try limit(1).fetchArray(database).first
    }

    /// How many records match, honouring `limit` and `offset`.
    public func count() throws -> Int {
        let database = try target()
        try decoder.prepare(database)
        let parts = try parts()
        let sql: SQL
        if limitCount != nil || offsetCount != nil {
            var inner = statement(select: "1", parts: parts)
            // The alias: PostgreSQL requires one of a subquery in FROM.
            inner.text = "SELECT count(*) FROM (" + inner.text + ") AS orm_counted"
            sql = inner
        } else {
            sql = statement(select: "count(*)", parts: parts, ordered: false)
        }
        return Int(try database.scalarInteger(sql))
    }

    /// The distinct values of a column (or dot path) among the matching records, in query order:
    /// the same values on every database (a `Date` column's seconds, a `UUID`'s canonical text).
    public func distinct(_ column: String) throws -> [SQLValue] {
        let database = try target()
        try decoder.prepare(database)
        let parts = try parts(extras: [column])
        let expression = storedValueSQL(of: column, rewritten: parts.extras[0], in: database)
        var seen: Set<SQLValue> = []
        return try database.fetchAll(statement(select: expression, parts: parts)).compactMap { row in
            let value = row.first ?? .null
            return seen.insert(value).inserted ? value : nil
        }
    }

    /// The matching records grouped by a column's value (each group in query order), keyed by the
    /// same values on every database (a `Date` column's seconds, a `UUID`'s canonical text).
    public func groupBy(_ column: String) throws -> [SQLValue: [Record]] {
        let database = try target()
        try decoder.prepare(database)
        let parts = try parts(extras: [column])
        let expression = storedValueSQL(of: column, rewritten: parts.extras[0], in: database)
        var groups: [SQLValue: [Record]] = [:]
        try run(statement(select: recordSelect(parts) + ", \(expression) AS orm_group", parts: parts), database, parts)
        { record, statement in
            groups[statement.value(at: statement.columnCount - 1), default: []].append(record)
        }
        return groups
    }

    /// The keys of the matching records, in query order (64-bit integers and text keys intact).
    public func ids() throws -> [SQLValue] {
        let database = try target()
        try decoder.prepare(database)
        let parts = try parts()
        return try database.fetchAll(statement(select: entity.keyList(alias: entity.table), parts: parts)).map {
            $0.count == 1 ? $0[0] : .text($0.map(\.description).joined(separator: ", "))
        }
    }

    /// The matching records with only their key loaded; the rest loads on first access.
    public func fetchLightweight() throws -> [Record] {
        let database = try target()
        try decoder.prepare(database)
        let parts = try parts()
        return try database.fetchAll(statement(select: entity.keyList(alias: entity.table), parts: parts)).map {
            try decoder.fault(database, $0)
        }
    }

    /// Deletes every matching record in one statement; returns how many. Events and live objects
    /// follow as for any committed change.
    ///
    /// A table without a key (a PostgreSQL table with no primary key) is deleted from by the
    /// conditions alone; with a limit, an offset or a joined path there is no way to name its rows.
    ///
    /// - Throws: ``ORMError/invalidQuery(_:)`` for a limited or joined query on a table without a key.
    @discardableResult
    public func removeAll() throws -> Int {
        let database = try target()
        try decoder.prepare(database)
        let parts = try parts()
        if entity.keyColumns.isEmpty {
            guard limitCount == nil, offsetCount == nil, parts.from == quoteIdentifier(entity.table) else {
                throw ORMError.invalidQuery(
                    "\(entity.table) has no key: its rows can be removed by conditions alone, without a limit or a join")
            }
            var sql = SQL(stringLiteral: "DELETE FROM \(parts.from)")
            if !parts.whereClause.text.isEmpty {
                sql.text += " "
                sql.append(parts.whereClause)
            }
            return try database.execute(sql)
        }
        let keys = entity.keyColumns.map(quoteIdentifier).joined(separator: ", ")
        var sql = statement(select: entity.keyList(alias: entity.table), parts: parts)
        sql.text =
            "DELETE FROM \(quoteIdentifier(entity.table)) WHERE (\(keys)) IN (" + sql.text + ")"
        return try database.execute(sql)
    }

    // MARK: - Running

    func fetchArray(_ database: Database) throws -> [Record] {
        let parts = try parts()
        let sql = statement(select: recordSelect(parts), parts: parts)
        if parts.joinedColumns.isEmpty, let decodeAll = decoder.decodeAll {
            // The common case, as fast as `fetch(where:)`: the driver's loop, no closure call per row.
            return try database.read { connection in try decodeAll(sql, connection, database) }
        }
        var records: [Record] = []
        try run(sql, database, parts) { record, _ in records.append(record) }
        return records
    }

    /// Runs a record query and hands each decoded record (with its joined values) to `body`.
    package func run(
        _ sql: SQL, _ database: Database, _ parts: Parts, _ body: (Record, any DriverStatement) throws -> Void
    ) throws {
        try database.read { connection in try run(sql, on: connection, database, parts, body) }
    }

    /// Runs a record query on `connection` (inside a transaction the caller holds open), through
    /// the driver's loop (``RecordDriverConnection/runRecordQuery(_:decoder:database:entity:_:)``).
    /// The statement handed to `body` is the driver's own, positioned on the record's row.
    package func run(
        _ sql: SQL, on connection: DatabaseConnection, _ database: Database, _ parts: Parts,
        _ body: (Record, any DriverStatement) throws -> Void
    ) throws {
        try connection.records.runRecordQuery(sql, decoder: decoder, database: database, entity: entity.table) {
            record, statement in
            try attachJoined(record, parts, statement)
            try body(record, statement)
        }
    }

    /// Hands `record` the values of the joined columns that follow the entity's in `statement`'s row.
    @inline(__always)
    private func attachJoined(_ record: Record, _ parts: Parts, _ statement: any DriverStatement) throws {
        guard !parts.joinedColumns.isEmpty else { return }
        let joinedStart = entity.columns.count
        var values: [String: SQLValue] = [:]
        for (offset, column) in parts.joinedColumns.enumerated() {
            values[column.name] = statement.value(at: Int32(joinedStart + offset))
        }
        decoder.attachJoined(record, values)
    }
}

extension Database {
    func scalarInteger(_ sql: SQL) throws -> Int64 {
        if case .integer(let value)? = try scalar(sql) { return value }
        return 0
    }
}
