/// How many decoded rows a fetch enters in the identity map under one lock.
@usableFromInline package let materializeWindow = 128

extension Model {
    /// Every object of the type, in key order.
    public static func fetchAll(in database: Database? = nil) throws -> [Self] {
        // Not `WHERE 1`: PostgreSQL wants a boolean.
        try fetch(unresolved: "1 = 1", orderedBy: quoteIdentifier(modelSchema.primaryKey.name), in: database)
    }

    /// The object with this key, or nil.
    public static func find(_ key: some DatabaseValueConvertible, in database: Database? = nil) throws -> Self? {
        try fetch(unresolved: SQL("$PK = ?", arguments: [key.databaseValue]), in: database).first
    }

    /// Objects matching a WHERE clause written as the database reads it, `$T` and `$PK` expanded
    /// (the key lookups ORMCore writes itself; `fetch(where:)` resolves a user's names first).
    package static func fetch(unresolved condition: SQL, orderedBy order: String? = nil, in database: Database?) throws -> [Self] {
        let schema = modelSchema
        var sql: SQL = "SELECT \(raw: schema.selectColumnsSQL) FROM \(identifier: schema.table) WHERE "
        sql.append(condition)
        if let order { sql.text += " ORDER BY \(order)" }
        return try fetchSQL(expandShortcuts(sql), in: database, mapsColumnsByName: false)
    }

    /// Objects from a whole query (FCModel's `instancesWithQuery`): its columns are matched by name, so
    /// `SELECT * FROM $T WHERE …` works; `$T` and `$PK` name the table and key.
    public static func fetch(sql: SQL, _ arguments: any SQLExpressible..., in database: Database? = nil) throws
        -> [Self]
    {
        try fetchSQL(expandShortcuts(sql.binding(arguments)), in: database, mapsColumnsByName: true)
    }

    /// Runs SQL on this model's database with `$T`/`$PK` expanded. Returns the rows changed.
    @discardableResult
    public static func execute(_ sql: SQL, _ arguments: any SQLExpressible..., in database: Database? = nil) throws
        -> Int
    {
        let target = try database ?? Database.current()
        try target.ensureSchema(Self.self)
        return try target.execute(expandShortcuts(sql.binding(arguments)))
    }

    /// The objects of `type` whose relationship column `column` points at this object (a to-many
    /// relationship in one line: `try department.related(Person.self, by: "department")`).
    public func related<T: Model>(_ type: T.Type, by column: String) throws -> [T] {
        // The column as the model spells it, named in any case (as SQLite compares names).
        let spelled = T.entityDescription.column(named: column) ?? column
        return try T.fetch(
            unresolved: "\(identifier: spelled) = \(_$primaryKey)", orderedBy: quoteIdentifier(T.modelSchema.primaryKey.name),
            in: stateDatabase)
    }

    /// `$T` → the quoted table name, `$PK` → the quoted key column, in SQL text.
    static func expandShortcuts(_ sql: SQL) -> SQL {
        sql.mappingText { expandShortcuts($0) }
    }

    /// `$T` → the quoted table name, `$PK` → the quoted key column, where either stands as a token
    /// of its own (not inside strings, quoted names or comments, nor part of a longer name).
    static func expandShortcuts(_ sql: String) -> String {
        // Most SQL names neither: it is not tokenised (a tenth of a millisecond a statement).
        guard sql.utf8.contains(UInt8(ascii: "$")) else { return sql }
        let schema = modelSchema
        var result = ""
        for token in SQLToken.tokens(in: sql) {
            let piece = sql[token.range]
            switch (token.kind, piece) {
            case (.parameter, "$PK"): result += quoteIdentifier(schema.primaryKey.name)
            case (.parameter, "$T"): result += quoteIdentifier(schema.table)
            default: result += piece
            }
        }
        return result
    }

    static func fetchSQL(_ sql: SQL, in database: Database?, mapsColumnsByName: Bool) throws -> [Self] {
        let target = try database ?? Database.current()
        try target.ensureSchema(Self.self)
        return try target.read { connection in
            try connection.records.fetchModels(
                Self.self, sql: sql.rendered(in: target.dialect), database: target, mapsColumnsByName: mapsColumnsByName)
        }
    }

    /// ``materializeRows(of:database:columnMap:)`` for any driver's statement: a driver's own
    /// statement takes its own loop (``RecordDriverStatement``, chosen here once for the
    /// statement); another's rows are decoded through its ``DriverRowReader`` (the macro's generic
    /// path, `init(_$values:key:)`), each entered in the identity map (or refreshing its live
    /// object).
    package static func materializeRows<Positioned: DriverStatement>(
        of statement: Positioned, database: Database, columnMap: [Int32]? = nil
    ) throws -> [Self] {
        if let own = statement as? any RecordDriverStatement {
            return try own.materialize(Self.self, database: database, columnMap: columnMap)
        }
        return try materializeValueRows(of: statement, database: database, columnMap: columnMap)
    }

    /// Every remaining row of `statement` through the macro's driver-neutral path (its
    /// ``DriverRowReader``, `init(_$values:key:)`), each entered in the identity map (or
    /// refreshing its live object): a driver's fallback for a model without its own path.
    package static func materializeValueRows<Positioned: DriverStatement>(
        of statement: Positioned, database: Database, columnMap: [Int32]?
    ) throws -> [Self] {
        let row = _ValueRow(statement: statement, database: database, entity: modelSchema.table, columnMap: columnMap)
        let keyIndex = row.resolve(0)
        var objects: [Self] = []
        while try statement.step() {
            objects.append(try database.materialize(Self.self, row: row, keyIndex: keyIndex))
        }
        return objects
    }

    /// Where each of the model's columns (key first) is among `statement`'s, by name; -1 where
    /// it is not.
    package static func columnMap(for statement: some DriverStatement) -> [Int32] {
        var positions: [String: Int32] = [:]
        for index in 0..<statement.columnCount where positions[statement.columnName(at: index)] == nil {
            positions[statement.columnName(at: index)] = index
        }
        let schema = modelSchema
        return ([schema.primaryKey.name] + schema.columns.map(\.name)).map { positions[$0] ?? -1 }
    }
}
