import CSQLite
import FoundationEssentials
import ORMShared

extension Connection {
    /// The first `count` bytes of a text or blob in a rowid table, and its full size in bytes,
    /// through SQLite's incremental I/O (`sqlite3_blob_open`): only the pages holding those bytes
    /// are read, however long the value. Nil when the row is gone or the value is not a text or a
    /// blob (NULL, a number), or cannot be opened this way (no rowid, a generated column).
    package func valuePrefix(table: String, column: String, rowID: Int64, count: Int) throws -> (bytes: [UInt8], size: Int)? {
        var blob: OpaquePointer?
        let code = sqlite3_blob_open(handle, "main", table, column, rowID, 0, &blob)
        defer { sqlite3_blob_close(blob) }
        guard code == SQLITE_OK, let blob else {
            // A row gone, a NULL or a number: SQLite says so with SQLITE_ERROR and a message.
            if code == SQLITE_ERROR { return nil }
            throw error(code: code, sql: nil)
        }
        let size = Int(sqlite3_blob_bytes(blob))
        let wanted = max(0, min(count, size))
        var bytes = [UInt8](repeating: 0, count: wanted)
        if wanted > 0 {
            let read = bytes.withUnsafeMutableBytes { sqlite3_blob_read(blob, $0.baseAddress, Int32(wanted), 0) }
            guard read == SQLITE_OK else { throw error(code: read, sql: nil) }
        }
        return (bytes, size)
    }

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
