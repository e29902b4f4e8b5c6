import CSQLite
import ORMShared

extension Connection {
    /// The bytes a blob is written in at a time by ``writeBlob(table:column:rowID:bytes:)``.
    static let blobWritePiece = 1 << 20

    /// Writes `bytes` over the start of the blob in `column` of the row `rowID` of `table` (in
    /// `main`) through incremental I/O (`sqlite3_blob_write`), a piece of
    /// ``blobWritePiece`` bytes at a time: SQLite writes the pages those bytes fall on through its
    /// page cache, never holding the value whole. The blob must be at least as long (a zeroblob
    /// inserted first); incremental I/O cannot change a value's size or type.
    func writeBlob(table: String, column: String, rowID: Int64, bytes: UnsafeRawBufferPointer) throws {
        var blob: OpaquePointer?
        let code = sqlite3_blob_open(handle, "main", table, column, rowID, 1, &blob)
        guard code == SQLITE_OK, let blob else {
            sqlite3_blob_close(blob)
            throw error(code: code, sql: nil)
        }
        var offset = 0
        while offset < bytes.count, let base = bytes.baseAddress {
            let count = min(Self.blobWritePiece, bytes.count - offset)
            let written = sqlite3_blob_write(blob, base + offset, Int32(count), Int32(offset))
            guard written == SQLITE_OK else {
                sqlite3_blob_close(blob)
                throw error(code: written, sql: nil)
            }
            offset += count
        }
        let closed = sqlite3_blob_close(blob)
        guard closed == SQLITE_OK else { throw error(code: closed, sql: nil) }
    }
}
