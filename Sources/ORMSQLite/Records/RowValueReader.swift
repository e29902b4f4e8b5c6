import CSQLite
import ORMShared

/// Reads the texts and blobs of one table's columns by rowid through SQLite's incremental I/O,
/// one handle a column kept open and moved from row to row (`sqlite3_blob_reopen`: a seek, where
/// opening a handle builds a small program each time). ``PlainProjection``'s run reads so the
/// texts its statement selected as NULL, in the statement's own read transaction.
///
/// ```swift
/// let reader = RowValueReader(connection: connection, schema: "main", table: "t")
/// defer { reader.close() }
/// let (size, bytes) = try reader.read(column: "body", rowID: 5, ifAtMost: 65_536)
/// ```
final class RowValueReader {
    /// The connection read, whose current transaction the values come from.
    private let connection: Connection
    /// The schema (`main`, `temp`, an attached name) and the table read.
    private let schema: String
    private let table: String
    /// The open handles, by column.
    private var handles: [String: OpaquePointer] = [:]

    /// A reader of `table` of `schema` on `connection`.
    init(connection: Connection, schema: String, table: String) {
        self.connection = connection
        self.schema = schema
        self.table = table
    }

    deinit {
        close()
    }

    /// The size in bytes of the text or blob in `column` of the row `rowID`, and its bytes when it
    /// holds at most `limit` (nil otherwise: nothing of it is read).
    ///
    /// - Throws: SQLite's error when the value cannot be opened (the row gone, a NULL or a number)
    ///   or read.
    package func read(column: String, rowID: Int64, ifAtMost limit: Int) throws -> (size: Int, bytes: [UInt8]?) {
        let blob = try handle(column: column, rowID: rowID)
        let size = Int(sqlite3_blob_bytes(blob))
        guard size <= limit else { return (size, nil) }
        var bytes = [UInt8](repeating: 0, count: size)
        if size > 0 {
            let code = bytes.withUnsafeMutableBytes { sqlite3_blob_read(blob, $0.baseAddress, Int32(size), 0) }
            guard code == SQLITE_OK else { throw connection.error(code: code, sql: nil) }
        }
        return (size, bytes)
    }

    /// Closes the handles (the statement they read beside has ended).
    package func close() {
        for handle in handles.values {
            sqlite3_blob_close(handle)
        }
        handles.removeAll()
    }

    /// The handle of `column`, on the row `rowID`.
    private func handle(column: String, rowID: Int64) throws -> OpaquePointer {
        if let open = handles[column] {
            if sqlite3_blob_reopen(open, rowID) == SQLITE_OK { return open }
            // A handle that could not move is aborted: closed, and opened afresh below.
            sqlite3_blob_close(open)
            handles[column] = nil
        }
        var blob: OpaquePointer?
        let code = sqlite3_blob_open(connection.handle, schema, table, column, rowID, 0, &blob)
        guard code == SQLITE_OK, let blob else {
            sqlite3_blob_close(blob)
            throw connection.error(code: code, sql: nil)
        }
        handles[column] = blob
        return blob
    }
}
