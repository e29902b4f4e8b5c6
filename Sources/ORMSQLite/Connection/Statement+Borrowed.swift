import CSQLite
import ORMShared

extension _Statement {
    /// Binds `value` to the 1-based parameter `index` in place (`SQLITE_STATIC`): SQLite reads the
    /// bytes where they are, without a copy of its own, so they must stay unchanged until the
    /// statement has run and its bindings are cleared (``clearBindings()``).
    func bindBorrowed(_ value: BorrowedValue, at index: Int32) throws {
        // A value's pointer is never null here; an empty one would bind NULL, so it binds as empty.
        let start = value.bytes.baseAddress ?? UnsafeRawPointer(("" as StaticString).utf8Start)
        let count = sqlite3_uint64(value.count)
        let code =
            switch value.kind {
            case .text: sqlite3_bind_text64(handle, index, start.assumingMemoryBound(to: CChar.self), count, nil, UInt8(SQLITE_UTF8))
            case .blob: sqlite3_bind_blob64(handle, index, start, count, nil)
            }
        if code != SQLITE_OK {
            throw onConnection { $0.error(code: code, sql: sql) }
        }
    }

    /// Binds a blob of `count` zeros to the 1-based parameter `index` (`sqlite3_bind_zeroblob64`):
    /// when it is stored at the end of a record, SQLite writes its pages without making the zeros
    /// in memory, and incremental I/O fills them in after (``Connection/writeBlob(table:column:rowID:bytes:)``).
    func bindZeroBlob(count: Int, at index: Int32) throws {
        let code = sqlite3_bind_zeroblob64(handle, index, sqlite3_uint64(max(0, count)))
        if code != SQLITE_OK {
            throw onConnection { $0.error(code: code, sql: sql) }
        }
    }

    /// Binds a text or blob (`kind`) of `count` zero bytes read in place from `zeros`
    /// (``ZeroedMemory/readOnlyZeros(byteCount:)``, at least `count` bytes, kept until the bindings
    /// are cleared) to the 1-based parameter `index`: wherever it falls in the record, SQLite copies
    /// the zeros into the record it builds, and incremental I/O, which writes a text as it writes a
    /// blob, fills them in after (``Connection/writeBlob(table:column:rowID:pieces:)``). A text
    /// cannot be a zeroblob, whose zeros SQLite never makes at a record's end.
    func bindZeros(_ kind: BorrowedValue.Kind, count: Int, from zeros: UnsafeRawPointer, at index: Int32) throws {
        let size = sqlite3_uint64(max(0, count))
        let code =
            switch kind {
            case .text: sqlite3_bind_text64(handle, index, zeros.assumingMemoryBound(to: CChar.self), size, nil, UInt8(SQLITE_UTF8))
            case .blob: sqlite3_bind_blob64(handle, index, zeros, size, nil)
            }
        if code != SQLITE_OK {
            throw onConnection { $0.error(code: code, sql: sql) }
        }
    }

    /// Sets every parameter to NULL: no binding keeps pointing at bytes bound in place.
    func clearBindings() {
        sqlite3_clear_bindings(handle)
    }
}
