extension Model {
    /// Every object of the type, in key order.
    public static func fetchAll(in database: Database? = nil) throws -> [Self] {
        try fetch(where: "1", orderedBy: "$PK", in: database)
    }

    /// The object with this key, or nil.
    public static func find(_ key: some DatabaseValueConvertible, in database: Database? = nil) throws -> Self? {
        try fetch(where: SQL("$PK = ?", arguments: [key.databaseValue]), in: database).first
    }

    /// Objects matching a WHERE clause (`$T` and `$PK` name the table and key). Values are interpolated
    /// or passed for `?` placeholders, and always bound.
    ///
    /// ```swift
    /// let adults = try Person.fetch(where: "age >= \(18) AND $PK != \(id)")
    /// let named = try Person.fetch(where: "name IN ?", [["Ann", "Bo"]], orderedBy: "name")
    /// ```
    public static func fetch(
        where condition: SQL, _ arguments: [any SQLExpressible] = [], orderedBy order: String? = nil,
        in database: Database? = nil
    ) throws -> [Self] {
        let schema = modelSchema
        var sql: SQL = "SELECT \(raw: schema.selectColumnsSQL) FROM \(identifier: schema.table) WHERE "
        sql.append(try condition.binding(arguments))
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
        try T.fetch(
            where: "\(identifier: column) = \(_$primaryKey)", orderedBy: quoteIdentifier(T.modelSchema.primaryKey.name),
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
            try connection.cachedStatement(sql.text).use { statement in
                try statement.bind(sql.arguments)
                return try materializeRows(
                    of: statement, database: target, columnMap: mapsColumnsByName ? columnMap(for: statement) : nil)
            }
        }
    }

    /// Every remaining row of `statement` (bound, not stepped yet) as live objects: the one loop
    /// behind `fetch(where:)`, `fetch(sql:)` and `query().fetch()`.
    static func materializeRows(of statement: Statement, database: Database, columnMap: [Int32]? = nil) throws -> [Self] {
        let row = StatementRow(statement: statement, database: database, entity: modelSchema.table, columnMap: columnMap)
        // Collected as AnyObject: appending to an array of the generic `Self` looked up its
        // metadata for every row. Every element is a `Self`, and an array of class references
        // is the same array whatever its element class (as `[Self] as [AnyObject]` is free).
        let keyIndex = row.resolve(0)
        var objects: [AnyObject] = []
        while try statement.step() {
            objects.append(try database.materialize(Self.self, row: row, keyIndex: keyIndex))
        }
        return unsafeBitCast(objects, to: [Self].self)
    }

    private static func columnMap(for statement: Statement) -> [Int32] {
        var positions: [String: Int32] = [:]
        for index in 0..<statement.columnCount where positions[statement.columnName(at: index)] == nil {
            positions[statement.columnName(at: index)] = index
        }
        let schema = modelSchema
        return ([schema.primaryKey.name] + schema.columns.map(\.name)).map { positions[$0] ?? -1 }
    }
}
