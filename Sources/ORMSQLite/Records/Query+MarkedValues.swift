import CSQLite
import ORMShared

/// Where a query that cuts long values (``DynamicTable/query(cuttingValuesAt:computing:joining:)``) selects a
/// marker in place of a text or a long blob, so that a reader can stream the value itself by
/// rowid (the statement's `forEachValueChunk(table:column:rowID:chunkBytes:_:)`) instead of having
/// SQLite load it whole: how an export writes a 50 MB value holding a few hundred KiB of it.
///
/// ```swift
/// if let marked = query.markedValues, let kind = marked.marked(position: 2, statement.column(at: 2)) { … }
/// ```
public struct MarkedValues: Sendable, Equatable {
    /// The table read.
    public let table: String
    /// The columns the statement selects, in order.
    public let columns: [String]
    /// The columns selected as markers.
    public let markedColumns: Set<String>
    /// The position of the rowid (or its alias) among ``columns``.
    public let rowIDPosition: Int
    /// The marker lengths' base: a text is marked by a zero blob of `limit + 1` bytes, a longer
    /// blob by one of `limit + 2`.
    public let limit: Int

    /// What a marker stands for: a text (stored as UTF-8: the query cuts only in UTF-8 files) or
    /// a blob longer than ``limit``.
    public typealias Kind = LongValueKind

    /// What `value`, read from the statement's column for ``columns``' `position`, stands for;
    /// nil when it is a value itself.
    public func marked(position: Int, _ value: _ColumnValue) -> Kind? {
        guard value.isBlob, columns.indices.contains(position), markedColumns.contains(columns[position]) else {
            return nil
        }
        switch value.byteCount {
        case limit + 1: return .text
        case limit + 2: return .blob
        default: return nil
        }
    }
}

extension Query {
    /// Where this query's statement selects markers in place of values; nil when it selects
    /// every value itself (no cut asked, not a SQLite rowid table, not a UTF-8 file).
    public var markedValues: MarkedValues? {
        guard let cut = entity.longValueCut as? ValueCut, let key = entity.keyColumns.first,
              let rowIDPosition = entity.columns.firstIndex(of: key) else {
            return nil
        }
        return MarkedValues(table: entity.table, columns: entity.columns, markedColumns: cut.columns,
                            rowIDPosition: rowIDPosition, limit: cut.limit)
    }
}

extension _Statement {
    /// The bytes of the text or blob in `column` of the row `rowID` of `table` when it holds at
    /// most `limit` bytes, else only its size, read through SQLite's incremental I/O on this
    /// statement's connection (in its transaction): a reader learns a value's size without
    /// loading it. When incremental I/O cannot open the value (a temporary table of the same name
    /// hides the file's) it is read whole by a statement on `rowIDColumn`, whatever its size.
    ///
    /// - Returns: the bytes (nil when longer than `limit`) and the size; nil when the row is gone
    ///   or the value is NULL or a number.
    /// - Throws: ``SQLiteError`` when a read fails.
    public func valueBytes(table: String, column: String, rowID: Int64, rowIDColumn: String, ifAtMost limit: Int)
        throws -> (bytes: [UInt8]?, size: Int)?
    {
        try onConnection { connection in
            var blob: OpaquePointer?
            let code = sqlite3_blob_open(connection.handle, "main", table, column, rowID, 0, &blob)
            defer { sqlite3_blob_close(blob) }
            guard code == SQLITE_OK, let blob else {
                guard code == SQLITE_ERROR else { throw connection.error(code: code, sql: nil) }
                var read: (bytes: [UInt8]?, size: Int)?
                let sql: SQL = "SELECT \(identifier: column) FROM \(identifier: table) WHERE \(identifier: rowIDColumn) = \(rowID)"
                try connection.forEachRow(sql) { row in
                    let value = row.column(at: 0)
                    let bytes = value.isText ? value.withTextBytes { Array($0) } : value.isBlob ? Array(value.blob) : nil
                    read = bytes.map { ($0, $0.count) }
                }
                return read
            }
            let size = Int(sqlite3_blob_bytes(blob))
            guard size <= limit else { return (nil, size) }
            var bytes = [UInt8](repeating: 0, count: size)
            if size > 0 {
                let read = bytes.withUnsafeMutableBytes { sqlite3_blob_read(blob, $0.baseAddress, Int32(size), 0) }
                guard read == SQLITE_OK else { throw connection.error(code: read, sql: nil) }
            }
            return (bytes, size)
        }
    }

    /// Hands the bytes of the text or blob in `column` of the row `rowID` of `table` to `body`,
    /// `chunkBytes` at a time, read through SQLite's incremental I/O on this statement's
    /// connection (in its transaction): a 50 MB value costs one chunk of memory. Text comes as
    /// its UTF-8 bytes, a chunk possibly ending inside a character.
    ///
    /// ```swift
    /// _ = try statement.forEachValueChunk(table: "docs", column: "body", rowID: 5, chunkBytes: 262_144) { chunk in … }
    /// ```
    ///
    /// - Returns: the value's size in bytes; nil when it cannot be read so (the row gone, a NULL
    ///   or a number, a table without a rowid), `body` then never called.
    /// - Throws: ``SQLiteError`` when a read fails; what `body` throws.
    public func forEachValueChunk(table: String, column: String, rowID: Int64, chunkBytes: Int,
                                  _ body: (UnsafeRawBufferPointer) throws -> Void) throws -> Int? {
        try onConnection { connection in
            var blob: OpaquePointer?
            let code = sqlite3_blob_open(connection.handle, "main", table, column, rowID, 0, &blob)
            defer { sqlite3_blob_close(blob) }
            guard code == SQLITE_OK, let blob else {
                if code == SQLITE_ERROR { return nil }
                throw connection.error(code: code, sql: nil)
            }
            let size = Int(sqlite3_blob_bytes(blob))
            let step = max(1, chunkBytes)
            var buffer = [UInt8](repeating: 0, count: min(step, size))
            var offset = 0
            while offset < size {
                let count = min(step, size - offset)
                let read = buffer.withUnsafeMutableBytes { sqlite3_blob_read(blob, $0.baseAddress, Int32(count), Int32(offset)) }
                guard read == SQLITE_OK else { throw connection.error(code: read, sql: nil) }
                try buffer.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
                offset += count
            }
            return size
        }
    }
}
