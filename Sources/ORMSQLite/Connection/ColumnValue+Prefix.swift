import CSQLite
import FoundationEssentials
import ORMShared

extension _ColumnValue {
    /// The stored value, a text or blob longer than `limit` bytes cut to its first bytes (text at
    /// a character boundary, at most `limit` bytes), with the full size in bytes; the size is nil
    /// when the value is whole. Only the prefix is copied out of SQLite.
    public func value(cutAt limit: Int) -> (value: SQLValue, fullSize: Int?) {
        guard let handle else { return (.null, nil) }
        switch storage {
        case SQLITE_TEXT:
            guard let bytes = sqlite3_value_text(handle) else { return (.text(""), nil) }
            let count = Int(sqlite3_value_bytes(handle))
            guard count > limit else {
                return (.text(String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)), nil)
            }
            var end = max(0, limit)
            while end > 0 && bytes[end] & 0xC0 == 0x80 { end -= 1 }  // not inside a character
            return (.text(String(decoding: UnsafeBufferPointer(start: bytes, count: end), as: UTF8.self)), count)
        case SQLITE_BLOB:
            guard let bytes = sqlite3_value_blob(handle) else { return (.blob(Data()), nil) }
            let count = Int(sqlite3_value_bytes(handle))
            guard count > limit else { return (.blob(Data(bytes: bytes, count: count)), nil) }
            return (.blob(Data(bytes: bytes, count: max(0, limit))), count)
        default:
            return (value, nil)
        }
    }
}

extension _ColumnValue {
    /// The value's size in bytes (`sqlite3_value_bytes`), without reading a text or blob out: a
    /// `zeroblob` stays unexpanded.
    package var byteCount: Int {
        guard let handle else { return 0 }
        return Int(sqlite3_value_bytes(handle))
    }
}

extension _ColumnValue {
    /// The value read in place when it is a text or blob longer than `limit` bytes (a text's UTF-8
    /// as SQLite holds it, valid or not); nil otherwise. Valid until the statement steps.
    package func borrowed(over limit: Int) -> BorrowedValue? {
        guard let handle else { return nil }
        let kind: BorrowedValue.Kind
        switch storage {
        case SQLITE_TEXT: kind = .text
        case SQLITE_BLOB: kind = .blob
        default: return nil
        }
        guard byteCount > limit else { return nil }
        // The pointer first, then the size (the order SQLite documents for conversions).
        let start = kind == .text ? sqlite3_value_text(handle).map(UnsafeRawPointer.init) : sqlite3_value_blob(handle)
        guard let start else { return nil }
        return BorrowedValue(kind: kind, bytes: UnsafeRawBufferPointer(start: start, count: byteCount))
    }
}
