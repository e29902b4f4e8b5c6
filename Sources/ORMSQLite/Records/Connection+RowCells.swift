@_spi(ModelSupport) import ORMShared

// SQLite's rows handed to `Database.forEachRowCells`, read in place in its statement.

extension Connection {
    /// SQLite's ``RecordDriverConnection/forEachRowCells(_:_:)``: each row read in place (text as
    /// its bytes, long values cut without being copied whole), the statement chosen once.
    package func forEachRowCells(_ sql: SQL, _ body: (RowCells) throws -> Void) throws {
        try forEachRow(sql) { try body(RowCells(.inPlace($0))) }
    }
}
