import ORMShared

// The shared layers' texts made in SQLite's dialect when none is named, as before the split:
// `ORMShared` names no database, so its functions take the dialect, and these give SQLite's.

extension SQL {
    /// ``userExpression(_:in:)`` in SQLite's dialect.
    ///
    /// - Throws: ``UserSQLError`` saying what keeps the text from being one expression.
    public static func userExpression(_ text: String) throws(UserSQLError) -> SQL {
        try userExpression(text, in: .sqlite)
    }

    /// ``userQuery(_:in:)`` in SQLite's dialect.
    ///
    /// - Throws: ``UserSQLError`` saying what keeps the text from being one query.
    public static func userQuery(_ text: String) throws(UserSQLError) -> SQL {
        try userQuery(text, in: .sqlite)
    }
}

extension ModelSchema {
    /// ``createTableSQL(named:in:)`` in SQLite's dialect.
    public func createTableSQL(named name: String? = nil) -> String {
        createTableSQL(named: name, in: .sqlite)
    }

    /// ``createIndexSQL(in:)`` in SQLite's dialect.
    public func createIndexSQL() -> [String] {
        createIndexSQL(in: .sqlite)
    }
}

extension ModelColumn {
    /// The column's definition in SQLite's `CREATE TABLE` / `ALTER TABLE ADD COLUMN`.
    public var definitionSQL: String { definitionSQL(in: .sqlite) }
}

extension IndexDefinition {
    /// ``createSQL(on:in:)`` in SQLite's dialect.
    public func createSQL(on table: String) -> String {
        createSQL(on: table, in: .sqlite)
    }
}

extension MigrationPlan {
    /// ``make(for:existing:dialect:lookUp:)`` in SQLite's dialect.
    public static func make(
        for schema: ModelSchema, existing: TableInfo?, lookUp: (String) -> TableInfo?
    ) -> MigrationPlan {
        make(for: schema, existing: existing, dialect: .sqlite, lookUp: lookUp)
    }

    /// The plan for `schema` against the table `database` describes, in SQLite's dialect.
    ///
    /// - Throws: what reading the table's description throws.
    package static func make(for schema: ModelSchema, in database: some SchemaIntrospector) throws -> MigrationPlan {
        try make(for: schema, in: database, dialect: .sqlite)
    }
}
