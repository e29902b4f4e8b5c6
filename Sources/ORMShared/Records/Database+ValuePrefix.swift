extension Database {
    /// The first `count` bytes of the text or blob in column `column` of the row `rowID` of
    /// table `table`, with the value's full size in bytes, read without loading the rest: a viewer
    /// shows the start of a 50 MB value at the cost of its first pages. Text comes as its UTF-8
    /// bytes, possibly ending inside a character. Nil when the row is gone, the value is NULL or a
    /// number, or it cannot be read this way (a table without a rowid, a view, a generated column,
    /// an unknown name).
    ///
    /// On SQLite the value is read with incremental I/O. On PostgreSQL `rowID` is the value of the
    /// table's primary key of one integer column (there is no rowid), and the server cuts the
    /// value: `substring` of a `text` or `bytea` column reads only the first slices of a value
    /// stored out of line, and `octet_length` gives its size from the stored header; a value of
    /// another type (`jsonb`, an array) is cut from its text form, which the server makes whole.
    ///
    /// ```swift
    /// if let (start, size) = try db.valuePrefix(table: "docs", column: "body", rowID: 5, count: 16_384) { … }
    /// ```
    ///
    /// - Throws: ``SQLiteError`` when the read fails (a damaged file, a lock held too long);
    ///   ``PostgresDatabaseError`` when the server's does.
    public func valuePrefix(table: String, column: String, rowID: Int64, count: Int) throws -> (bytes: [UInt8], size: Int)? {
        guard !dialect.hasRowID else {
            return try read {
                try $0.driverConnection.valuePrefix(table: table, column: column, rowID: rowID, count: count)
            }
        }
        guard let sql = try postgresValuePrefixSQL(table: table, column: column, rowID: rowID, count: count) else {
            return nil
        }
        guard let row = try fetchRows(sql).rows.first, row.count == 2, case .integer(let size) = row[1] else {
            return nil
        }
        switch row[0] {
        case .text(let text): return (Array(text.utf8.prefix(max(0, count))), Int(size))
        case .blob(let data): return (Array(data.prefix(max(0, count))), Int(size))
        default: return nil
        }
    }

    /// The statement reading the first `count` bytes of `column` in the row keyed `rowID`, and its
    /// size; nil when the table has no one-column key or no such column.
    private func postgresValuePrefixSQL(table: String, column: String, rowID: Int64, count: Int) throws -> SQL? {
        let dynamic = try self.table(table)
        guard dynamic.entity.keyColumns.count == 1, let info = dynamic.info.column(named: column) else {
            return nil
        }
        let name = dialect.quoteIdentifier(column)
        let type = info.declaredType.lowercased()
        // A number has no start to read (SQLite's incremental I/O refuses one likewise).
        if Self.postgresNumberTypes.contains(type) || type.hasPrefix("numeric(") || type.hasPrefix("decimal(") {
            return nil
        }
        let isText = type == "text" || type.hasPrefix("character") || type == "\"char\"" || type == "name"
        // `count` characters hold at least `count` bytes; the bytes past them are dropped here.
        let value = type == "bytea" || isText ? name : "CAST(\(name) AS text)"
        var sql = SQL(stringLiteral: "SELECT substring(\(value) FROM 1 FOR ?), CAST(octet_length(\(value)) AS bigint) FROM ")
        sql.text += dialect.quoteIdentifier(table) + " WHERE " + dialect.quoteIdentifier(dynamic.entity.keyColumns[0]) + " = ?"
        sql.arguments = [.integer(Int64(max(0, count))), .integer(rowID)]
        return sql
    }

    /// PostgreSQL's number types, as the catalog names them (and their aliases).
    private static let postgresNumberTypes: Set<String> = [
        "smallint", "integer", "bigint", "int", "int2", "int4", "int8", "numeric", "decimal", "real",
        "double precision", "float4", "float8", "money",
    ]
}
