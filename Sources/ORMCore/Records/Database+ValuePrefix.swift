extension Database {
    /// The first `count` bytes of the text or blob in column `column` of the row `rowID` of
    /// table `table`, with the value's full size in bytes, read on a reader connection without
    /// loading the rest (SQLite's incremental I/O): a viewer shows the start of a 50 MB value at
    /// the cost of its first pages. Text comes as its UTF-8 bytes, possibly ending inside a
    /// character. Nil when the row is gone, the value is NULL or a number, or it cannot be read
    /// this way (a table without a rowid, a view, a generated column, an unknown name).
    ///
    /// ```swift
    /// if let (start, size) = try db.valuePrefix(table: "docs", column: "body", rowID: 5, count: 16_384) { … }
    /// ```
    ///
    /// - Throws: ``SQLiteError`` when the read fails (a damaged file, a lock held too long);
    ///   ``ORMError/notSupported(feature:database:)`` on PostgreSQL (SQLite's blob I/O only).
    public func valuePrefix(table: String, column: String, rowID: Int64, count: Int) throws -> (bytes: [UInt8], size: Int)? {
        try readSQLite("reading a value's first bytes (incremental I/O)") { try $0.valuePrefix(table: table, column: column, rowID: rowID, count: count) }
    }
}
