import FoundationEssentials
import ORMShared

extension Connection {
    /// The value a ``ValueCut`` marked in the row `rowID` of `table`, read by incremental I/O: a
    /// text or blob of at most `limit` bytes whole, a longer one cut to its first `limit` bytes
    /// (a text at a character boundary) with its full size in bytes. When incremental I/O cannot
    /// read it (a temporary table of the same name hides the file's), it is read by a statement
    /// on `rowIDColumn`, whole, and cut; NULL when the row is gone.
    package func cutValue(table: String, column: String, rowID: Int64, rowIDColumn: String, marked: ValueCut.Marked, limit: Int)
        throws -> (value: SQLValue, fullSize: Int?)
    {
        // One byte past the limit tells whether the limit falls inside a character.
        guard let (bytes, size) = try valuePrefix(table: table, column: column, rowID: rowID, count: limit + 1) else {
            var read: (value: SQLValue, fullSize: Int?) = (.null, nil)
            try forEachRow("SELECT \(identifier: column) FROM \(identifier: table) WHERE \(identifier: rowIDColumn) = \(rowID)") {
                read = $0.column(at: 0).value(cutAt: limit)
            }
            return read
        }
        let isWhole = size <= limit
        switch marked {
        case .text:
            var end = min(limit, bytes.count)
            while !isWhole && end > 0 && bytes[end] & 0xC0 == 0x80 { end -= 1 }  // not inside a character
            return (.text(String(decoding: bytes[..<end], as: UTF8.self)), isWhole ? nil : size)
        case .longBlob:
            return (.blob(Data(bytes.prefix(limit))), isWhole ? nil : size)
        }
    }
}
