import CSQLite
import ORMShared

/// The SQL function `orm_value_contains(table, column, rowid, text)`, on every SQLite connection:
/// whether the text or blob in `column` of the row `rowid` of `table` holds `text`, ignoring the
/// case of ASCII letters (as `instr(lower(CAST(x AS TEXT)), text) > 0` finds it, `text` given in
/// lower case), read through SQLite's incremental I/O 64 KiB at a time: a search through a 50 MB
/// value holds 64 KiB of it, where `lower()` holds the value twice more. Gives 0 for a row or a
/// value that cannot be read so (gone, NULL, a number), 1 for an empty `text`. A call keeps its
/// handle for the next while `table` and `column` are constants of the statement, and moves it to
/// the next row (`sqlite3_blob_reopen`, a B-tree seek), so a search can read every text cell of a
/// table so for little more than `LIKE` costs.
///
/// ```swift
/// try db.fetchAll("SELECT id FROM docs WHERE \(raw: ValueContains.functionName)('docs', 'body', rowid, 'needle')")
/// ```
public enum ValueContains {
    /// The function's SQL name.
    public static let functionName = "orm_value_contains"
    /// The bytes read at a time.
    package static let chunkBytes = 65_536
}

extension Connection {
    /// Registers ``ValueContains`` on this connection.
    func registerValueContains() throws {
        let code = sqlite3_create_function_v2(
            handle, ValueContains.functionName, 4, SQLITE_UTF8, nil, valueContains, nil, nil, nil)
        if code != SQLITE_OK { throw error(code: code, sql: "function \(ValueContains.functionName)") }
    }
}

/// What SQLite calls for `orm_value_contains`.
private func valueContains(
    _ context: OpaquePointer?, _ count: Int32, _ arguments: UnsafeMutablePointer<OpaquePointer?>?
) {
    guard count == 4, let arguments, let db = sqlite3_context_db_handle(context),
          let table = sqlite3_value_text(arguments[0]), let column = sqlite3_value_text(arguments[1]),
          sqlite3_value_type(arguments[2]) == SQLITE_INTEGER
    else {
        sqlite3_result_int(context, 0)
        return
    }
    let rowID = sqlite3_value_int64(arguments[2])
    let needle: [UInt8] = sqlite3_value_text(arguments[3]).map {
        Array(UnsafeBufferPointer(start: $0, count: Int(sqlite3_value_bytes(arguments[3]))))
    } ?? []
    let tableName = String(cString: table), columnName = String(cString: column)
    let open: OpenValue
    switch OpenValue.atRow(rowID, table: tableName, column: columnName, db: db, context: context) {
    case .success(let positioned):
        open = positioned
    case .failure(let failure):
        // A row gone, a NULL or a number: SQLite says so with SQLITE_ERROR.
        if failure.code == SQLITE_ERROR { sqlite3_result_int(context, 0) } else { sqlite3_result_error_code(context, failure.code) }
        return
    }
    let blob = open.blob
    if needle.isEmpty {
        sqlite3_result_int(context, 1)
        return
    }
    let size = Int(sqlite3_blob_bytes(blob))
    let overlap = needle.count - 1
    // The buffer of the call before, taken out of the box so that writing it copies nothing.
    var buffer = open.buffer
    open.buffer = []
    defer { open.buffer = buffer }
    let needed = min(ValueContains.chunkBytes, size) + overlap
    if buffer.count < needed {
        buffer.append(contentsOf: repeatElement(0, count: needed - buffer.count))
    }
    var kept = 0  // bytes carried over from the chunk before, in case the text spans two chunks
    var offset = 0
    while offset < size {
        let chunk = min(ValueContains.chunkBytes, size - offset)
        let read = buffer.withUnsafeMutableBytes {
            sqlite3_blob_read(blob, $0.baseAddress.map { $0 + kept }, Int32(chunk), Int32(offset))
        }
        guard read == SQLITE_OK else {
            sqlite3_result_error_code(context, read)
            return
        }
        let filled = kept + chunk
        for index in kept..<filled where buffer[index] >= 0x41 && buffer[index] <= 0x5A {
            buffer[index] |= 0x20
        }
        if contains(needle, in: buffer, count: filled) {
            sqlite3_result_int(context, 1)
            return
        }
        kept = min(overlap, filled)
        buffer.withUnsafeMutableBufferPointer { bytes in
            for index in 0..<kept { bytes[index] = bytes[filled - kept + index] }
        }
        offset += chunk
    }
    sqlite3_result_int(context, 0)
}

/// An incremental I/O handle on one column of one table, kept between calls of
/// `orm_value_contains` (or `orm_row_value_key`) as the call site's auxiliary data (released by
/// SQLite when the statement ends) and closed with it.
final class OpenValue {
    /// The table's name.
    package let table: String
    /// The column's name.
    package let column: String
    /// The handle, on the row of the last call.
    package let blob: OpaquePointer
    /// The bytes read, kept for the next call (at most a chunk and the text's length).
    var buffer: [UInt8] = []

    /// Holds `blob`, opened on `column` of `table`.
    init(table: String, column: String, blob: OpaquePointer) {
        self.table = table
        self.column = column
        self.blob = blob
    }

    deinit {
        sqlite3_blob_close(blob)
    }

    /// Why no handle could be had: SQLite's code (`SQLITE_ERROR`: the row is gone, or its value
    /// is NULL or a number).
    package struct Failure: Error {
        /// SQLite's result code.
        package let code: Int32
    }

    /// The handle on `column` of `table` at row `rowID` for a call of an SQL function: the one
    /// the call before kept in `context`'s auxiliary data, moved to this row (a B-tree seek:
    /// opening one compiles a statement, several microseconds a value, which a pass over every
    /// cell pays per cell), else one opened and kept there for the next call while `table` and
    /// `column` are constants of the statement.
    static func atRow(_ rowID: Int64, table: String, column: String, db: OpaquePointer,
                      context: OpaquePointer?) -> Result<OpenValue, Failure> {
        if let cached = sqlite3_get_auxdata(context, 1).map({ Unmanaged<OpenValue>.fromOpaque($0).takeUnretainedValue() }),
           cached.table == table, cached.column == column {
            if sqlite3_blob_reopen(cached.blob, rowID) == SQLITE_OK {
                return .success(cached)
            }
            sqlite3_set_auxdata(context, 1, nil, nil)  // aborted by the failure: closed by its destructor
        }
        var blob: OpaquePointer?
        let code = sqlite3_blob_open(db, "main", table, column, rowID, 0, &blob)
        guard code == SQLITE_OK, let blob else {
            sqlite3_blob_close(blob)
            return .failure(Failure(code: code))
        }
        let opened = OpenValue(table: table, column: column, blob: blob)
        // SQLite may release the auxiliary data at once: the caller's reference keeps `opened`
        // for this call.
        sqlite3_set_auxdata(context, 1, Unmanaged.passRetained(opened).toOpaque()) { pointer in
            if let pointer { Unmanaged<OpenValue>.fromOpaque(pointer).release() }
        }
        return .success(opened)
    }
}

/// Whether `needle` (not empty) occurs in the first `count` bytes of `buffer`.
private func contains(_ needle: [UInt8], in buffer: [UInt8], count: Int) -> Bool {
    guard count >= needle.count, let first = needle.first else { return false }
    return buffer.withUnsafeBufferPointer { bytes in
        needle.withUnsafeBufferPointer { needle in
            var start = 0
            while start <= count - needle.count {
                if bytes[start] == first {
                    var matched = 1
                    while matched < needle.count && bytes[start + matched] == needle[matched] { matched += 1 }
                    if matched == needle.count { return true }
                }
                start += 1
            }
            return false
        }
    }
}
