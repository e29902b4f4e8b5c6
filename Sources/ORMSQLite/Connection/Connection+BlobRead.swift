import CSQLite
import ORMShared

extension Connection {
    /// Hands the bytes of the text or blob in `column` of the row `rowID` of `table` in `schema` to
    /// `body` in order, at most `pieceBytes` at a time, read through incremental I/O
    /// (`sqlite3_blob_read`) in the connection's current transaction: a statement still stepping
    /// on this connection sees the same values.
    ///
    /// - Throws: SQLite's error when the value cannot be opened (the row gone, not a text or blob)
    ///   or read; what `body` throws.
    func readBlob(schema: String, table: String, column: String, rowID: Int64, pieceBytes: Int,
                  _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        var blob: OpaquePointer?
        let code = sqlite3_blob_open(handle, schema, table, column, rowID, 0, &blob)
        defer { sqlite3_blob_close(blob) }
        guard code == SQLITE_OK, let blob else { throw error(code: code, sql: nil) }
        let size = Int(sqlite3_blob_bytes(blob))
        let step = max(1, pieceBytes)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: min(step, max(1, size)), alignment: 1)
        defer { buffer.deallocate() }
        var offset = 0
        while offset < size {
            let count = min(step, size - offset)
            let read = sqlite3_blob_read(blob, buffer.baseAddress, Int32(count), Int32(offset))
            guard read == SQLITE_OK else { throw error(code: read, sql: nil) }
            try body(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
            offset += count
        }
    }
}
