import CSQLite
import ORMShared

/// The SQL function `orm_row_value_key(table, column, rowid, limit, type)`, on every SQLite
/// connection: what `orm_value_key(column, limit)` gives (``ValueKey``) for the text or blob in
/// `column` of the row `rowid` of `table`, read through SQLite's incremental I/O 64 KiB at a
/// time, never loaded whole (SQLite 3.40 loads a text whole for any use but `typeof()`, a blob for
/// any but `typeof()` and `length()`). `type` is the value's `typeof()`, which reads nothing: the
/// bytes alone do not tell a text from a blob. NULL for a row or value that cannot be read so
/// (gone, NULL, a number) and for a `type` other than `'text'` or `'blob'`. In a database whose
/// texts are UTF-16 the bytes read are UTF-16: call it on UTF-8 databases only. Like
/// `orm_value_contains`, a call keeps its handle for the next and moves it to the next row.
///
/// ```swift
/// try db.fetchAll("SELECT \(raw: RowValueKey.functionName)('docs', 'body', rowid, 1024, typeof(body)), count(*) FROM docs GROUP BY 1")
/// ```
public enum RowValueKey {
    /// The function's SQL name.
    public static let functionName = "orm_row_value_key"
}

extension Connection {
    /// Registers ``RowValueKey`` on this connection.
    func registerRowValueKey() throws {
        let code = sqlite3_create_function_v2(handle, RowValueKey.functionName, 5, SQLITE_UTF8, nil, rowValueKey, nil, nil, nil)
        if code != SQLITE_OK { throw error(code: code, sql: "function \(RowValueKey.functionName)") }
    }
}

/// What SQLite calls for `orm_row_value_key`.
private func rowValueKey(_ context: OpaquePointer?, _ count: Int32, _ arguments: UnsafeMutablePointer<OpaquePointer?>?) {
    guard count == 5, let arguments, let db = sqlite3_context_db_handle(context),
          let table = sqlite3_value_text(arguments[0]), let column = sqlite3_value_text(arguments[1]),
          sqlite3_value_type(arguments[2]) == SQLITE_INTEGER, let type = sqlite3_value_text(arguments[4])
    else {
        return sqlite3_result_null(context)
    }
    let kind = String(cString: type)
    guard kind == "text" || kind == "blob" else { return sqlite3_result_null(context) }
    let limit = max(0, Int(sqlite3_value_int64(arguments[3])))
    let rowID = sqlite3_value_int64(arguments[2])
    let tableName = String(cString: table), columnName = String(cString: column)
    // The handle the call before opened, moved to this row, as `orm_value_contains` keeps its own.
    let open: OpenValue
    switch OpenValue.atRow(rowID, table: tableName, column: columnName, db: db, context: context) {
    case .success(let positioned):
        open = positioned
    case .failure(let failure):
        if failure.code == SQLITE_ERROR { sqlite3_result_null(context) } else { sqlite3_result_error_code(context, failure.code) }
        return
    }
    let size = Int(sqlite3_blob_bytes(open.blob))
    // A long value 64 KiB at a time; a short one (given back as itself) in one read.
    let chunk = size > limit ? min(ValueContains.chunkBytes, size) : max(size, 1)
    if open.buffer.count < chunk {
        open.buffer = [UInt8](repeating: 0, count: chunk)
    }
    var key = size > limit ? ValueKeyBuilder(limit: limit, isText: kind == "text") : nil
    var offset = 0
    let failed = open.buffer.withUnsafeMutableBytes { buffer -> Int32? in
        while offset < size {
            let length = min(chunk, size - offset)
            let read = sqlite3_blob_read(open.blob, buffer.baseAddress, Int32(length), Int32(offset))
            guard read == SQLITE_OK else { return read }
            let bytes = UnsafeRawBufferPointer(rebasing: buffer[..<length])
            guard key != nil else {
                // A short value, read in one chunk, given back as itself.
                if kind == "text" {
                    csqlite_result_text(context, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(length))
                } else {
                    csqlite_result_blob(context, bytes.baseAddress, Int32(length))
                }
                return nil
            }
            key?.add(bytes)
            offset += length
        }
        return nil
    }
    if let failed {
        return sqlite3_result_error_code(context, failed)
    }
    if let key {
        key.result(size: size, in: context)
    } else if size == 0 {
        // Empty: '' or x'', as the value is.
        if kind == "text" { csqlite_result_text(context, "", 0) } else { sqlite3_result_zeroblob(context, 0) }
    }
}
