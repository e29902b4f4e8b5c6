import ORMShared

// Rows read in place from SQLite's statement: the `ModelSupport` SPI that hands out the statement.

extension Database {
    /// Runs a query and hands `body` the statement on each row as SQLite steps to it, to read its
    /// columns in place with `Statement.column(at:)`: for reading values exactly as stored (text
    /// as its bytes, which need not be UTF-8; see `ColumnValue.withTextBytes(_:)`). As
    /// ``forEachRow(_:_:body:)``, one snapshot and the memory of one row.
    ///
    /// ```swift
    /// try db.forEachStatementRow("SELECT note FROM t") { row in
    ///     row.column(at: 0).withTextBytes { bytes in print(bytes.count) }
    /// }
    /// ```
    ///
    /// Hands out the SQLite statement itself, so it is part of the `ModelSupport` SPI
    /// (`@_spi(ModelSupport) import ORMCore`), with no promise to stay as it is: reef's exports use it.
    /// SQLite only: on PostgreSQL it throws ``ORMError/notSupported(feature:database:)``;
    /// `forEachRowCells` reads rows in place on SQLite and from the server's values on PostgreSQL.
    @_spi(ModelSupport)
    public func forEachStatementRow(_ sql: SQL, _ arguments: any SQLExpressible..., body: (Statement) throws -> Void)
        throws
    {
        let bound = try sql.binding(arguments).rendered(in: dialect)
        try readSQLite("reading a statement's rows in place") { connection in
            try connection.forEachRow(bound, body)
        }
    }
}
