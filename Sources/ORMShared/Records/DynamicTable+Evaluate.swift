extension DynamicTable {
    /// The values of `expressions` (SQL over the table's columns, their own arguments bound) on the
    /// stored row whose key is `key`, in order; nil when no row has that key, or when `key` does not
    /// name a value for each of the entity's key columns.
    ///
    /// ```swift
    /// let found = try table.evaluate(["\(identifier: "name") LIKE \("%ada%")"], onRowWithKey: [.integer(3)])
    /// ```
    public func evaluate(_ expressions: [SQL], onRowWithKey key: [SQLValue]) throws -> [SQLValue]? {
        try evaluate(expressions, onRowWithKey: key, from: "\(identifier: name)")
    }

    /// ``evaluate(_:onRowWithKey:)`` over `rows` (the table, or a `SELECT` read in its place
    /// under its name) rather than the table itself.
    package func evaluate(_ expressions: [SQL], onRowWithKey key: [SQLValue], from rows: SQL) throws -> [SQLValue]? {
        let keyColumns = entity.keyColumns
        guard !expressions.isEmpty, !keyColumns.isEmpty, keyColumns.count == key.count else {
            return nil
        }
        // `IS`: a key value may be NULL in SQLite (a rowless key of a WITHOUT ROWID table cannot,
        // a view's chosen key can); PostgreSQL spells it `IS NOT DISTINCT FROM`.
        let equal = database.dialect.rules.notDistinctOperator
        let match = SQL.joined(zip(keyColumns, key).map { "\(identifier: $0)\(raw: equal)\($1)" }, separator: " AND ")
        let sql: SQL = "SELECT \(sql: SQL.joined(expressions, separator: ", ")) FROM \(sql: rows) WHERE \(sql: match)"
        return try database.fetchRows(sql).rows.first
    }
}
