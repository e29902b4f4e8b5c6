import CSQLite
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
}
