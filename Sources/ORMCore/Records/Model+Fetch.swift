/// How many decoded rows a fetch enters in the identity map under one lock.
let materializeWindow = 128

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
    static func fetch(unresolved condition: SQL, orderedBy order: String? = nil, in database: Database?) throws -> [Self] {
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
        var expanded = sql
        expanded.text = expandShortcuts(sql.text)
        return expanded
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
            switch connection {
            case .sqlite(let connection):
                return try connection.cachedStatement(sql.text).use { statement in
                    try statement.bind(sql.arguments)
                    return try materializeRows(
                        of: statement, database: target, columnMap: mapsColumnsByName ? columnMap(for: statement) : nil)
                }
            case .postgres(let connection):
                return try connection.cachedStatement(sql.text).use { statement in
                    // Read as the model stores them (a `Date` from `timestamptz`), not as text.
                    statement.readColumns(as: modelSchema)
                    try statement.bind(sql.arguments)
                    return try materializeRows(
                        of: statement, database: target, columnMap: mapsColumnsByName ? columnMap(for: statement) : nil)
                }
            }
        }
    }

    /// Every remaining row of `statement` (bound, not stepped yet) as live objects: the one loop
    /// behind `fetch(where:)`, `fetch(sql:)` and `query().fetch()`.
    ///
    /// It keeps its window by hand, as ``FetchWindow`` does for the other drivers' loops: the hot
    /// path of every SQLite fetch, measured in instructions a row (Benchmarks/ORM-SPEED.md), where
    /// `FetchWindow` cost 2.3 more a row.
    static func materializeRows(of statement: Statement, database: Database, columnMap: [Int32]? = nil) throws -> [Self] {
        let row = StatementRow(statement: statement, database: database, entity: modelSchema.table, columnMap: columnMap)
        let keyIndex = row.resolve(0)
        var objects = FetchedObjects()
        // Rows with an integer key (nearly all) are decoded a window at a time, then the window is
        // entered in the identity map under one lock (``IdentityMap/registerDecoded(_:keys:as:)``).
        let keys = UnsafeMutableBufferPointer<Int64>.allocate(capacity: materializeWindow)
        defer { keys.deallocate() }
        var pending = 0
        while try statement.step() {
            if keyIndex < 0 { throw _ColumnCoding.missingColumn(row, modelSchema.primaryKey.name) }
            // The key as stored (a UUID key may be stored as text or as bytes: updates must match it),
            // read once: the object's key property is made from it. The initialiser marks the object
            // as the row's, entered under `Self`.
            let column = statement.column(at: keyIndex)
            if column.isInteger {
                let key = column.int64
                objects.append(try Self(_$row: row, key: .integer(key)))
                keys[pending] = key
                pending += 1
                if pending < materializeWindow { continue }
                database.identityMap.registerDecoded(
                    objects.last(pending), keys: UnsafeBufferPointer(keys), as: Self.self)
            } else {
                if pending > 0 {
                    database.identityMap.registerDecoded(
                        objects.last(pending), keys: UnsafeBufferPointer(rebasing: keys[..<pending]), as: Self.self)
                }
                objects.append(try database.materialize(Self.self, row: row, keyIndex: keyIndex))
            }
            pending = 0
        }
        if pending > 0 {
            database.identityMap.registerDecoded(
                objects.last(pending), keys: UnsafeBufferPointer(rebasing: keys[..<pending]), as: Self.self)
        }
        // Every element is a `Self`, and an array of class references is the same array whatever its
        // element class (as `[Self] as [AnyObject]` is free).
        return unsafeBitCast(objects.array(), to: [Self].self)
    }

    /// ``materializeRows(of:database:columnMap:)`` for any driver's statement: a SQLite statement
    /// still takes the concrete loop above; another driver's rows are decoded through its
    /// ``DriverRowReader`` (the macro's generic path, `init(_$values:key:)`), chosen here once for
    /// the statement, and each entered in the identity map (or refreshing its live object).
    static func materializeRows<Statement: DriverStatement>(
        of statement: Statement, database: Database, columnMap: [Int32]? = nil
    ) throws -> [Self] {
        if let sqlite = statement as? _Statement {
            return try materializeRows(of: sqlite, database: database, columnMap: columnMap)
        }
        if let postgres = statement as? PostgresStatement {
            return try materializeRows(of: postgres, database: database, columnMap: columnMap)
        }
        let row = _ValueRow(statement: statement, database: database, entity: modelSchema.table, columnMap: columnMap)
        let keyIndex = row.resolve(0)
        var objects: [Self] = []
        while try statement.step() {
            objects.append(try database.materialize(Self.self, row: row, keyIndex: keyIndex))
        }
        return objects
    }

    private static func columnMap(for statement: some DriverStatement) -> [Int32] {
        var positions: [String: Int32] = [:]
        for index in 0..<statement.columnCount where positions[statement.columnName(at: index)] == nil {
            positions[statement.columnName(at: index)] = index
        }
        let schema = modelSchema
        return ([schema.primaryKey.name] + schema.columns.map(\.name)).map { positions[$0] ?? -1 }
    }
}
