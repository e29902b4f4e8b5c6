extension ModelSchema {
    /// `CREATE TABLE` for this schema, under `name` (the table's own name unless rebuilding).
    public func createTableSQL(named name: String? = nil) -> String {
        var definitions: [String] = []
        var key = "\(quoteIdentifier(primaryKey.name)) \(primaryKey.type.rawValue) NOT NULL PRIMARY KEY"
        if primaryKey.strategy == .autoincrement { key += " AUTOINCREMENT" }
        definitions.append(key)
        for column in columns {
            definitions.append(column.definitionSQL)
        }
        return "CREATE TABLE \(quoteIdentifier(name ?? table)) (\(definitions.joined(separator: ", ")))"
    }

    /// `CREATE INDEX` statements for every index.
    public func createIndexSQL() -> [String] {
        indexes.map { $0.createSQL(on: table) }
    }
}

extension ModelColumn {
    /// The column's definition in `CREATE TABLE` / `ALTER TABLE ADD COLUMN`.
    public var definitionSQL: String {
        var sql = "\(quoteIdentifier(name)) \(type.rawValue)"
        if !isNullable { sql += " NOT NULL" }
        if !defaultValue.isNull || isNullable { sql += " DEFAULT \(defaultValue.sqlLiteral)" }
        if let reference {
            sql += " REFERENCES \(quoteIdentifier(reference.table))(\(quoteIdentifier(reference.column)))"
            sql += " ON DELETE SET NULL"
        }
        return sql
    }
}

extension IndexDefinition {
    /// `CREATE [UNIQUE] INDEX` on `table`.
    public func createSQL(on table: String) -> String {
        let list = columns.map { quoteIdentifier($0.name) + ($0.descending ? " DESC" : "") }
        return "CREATE \(isUnique ? "UNIQUE " : "")INDEX IF NOT EXISTS \(quoteIdentifier(name(in: table))) ON "
            + "\(quoteIdentifier(table)) (\(list.joined(separator: ", ")))"
    }
}
