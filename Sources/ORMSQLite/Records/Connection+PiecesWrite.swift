import CSQLite
import ORMShared

extension Connection {
    /// Writes the pieces of `value` over the blob in `column` of the row `rowID` of `table` (in
    /// `main`), a zeroblob of its size inserted first, as ``writeBlob(table:column:rowID:bytes:)``
    /// writes bytes: one piece in memory at a time.
    ///
    /// - Throws: SQLite's error; what reading `value` throws.
    func writeBlob(table: String, column: String, rowID: Int64, pieces value: ValuePieces) throws {
        var blob: OpaquePointer?
        let code = sqlite3_blob_open(handle, "main", table, column, rowID, 1, &blob)
        defer { sqlite3_blob_close(blob) }
        guard code == SQLITE_OK, let blob else { throw error(code: code, sql: nil) }
        var offset = 0
        try value.forEachPiece(bytes: Self.blobWritePiece) { piece in
            guard let base = piece.baseAddress, offset + piece.count <= value.count else { return }
            let written = sqlite3_blob_write(blob, base, Int32(piece.count), Int32(offset))
            guard written == SQLITE_OK else { throw error(code: written, sql: nil) }
            offset += piece.count
        }
    }
}
