import CSQLite
import FoundationEssentials
import ORMShared

/// The name ORMCore uses for `_ColumnValue`.
@_spi(ModelSupport) public typealias ColumnValue = _ColumnValue

/// One result column of a statement's current row, read in place.
///
/// Decoding a row reads each column through one of these: the column is looked up once
/// (`sqlite3_column_value`), then its type and value are read from it, where every
/// `sqlite3_column_*` call would look the column up again. Valid only until the statement steps,
/// resets or is finalised, and only on the thread that holds the statement's connection (the
/// connection runs in SQLite's multi-thread mode, so the value is never shared).
///
/// Part of the macro's contract (see <doc:Models#The-macros-contract>): public only because code
/// that `@Model` generates in the user's module reads values through it (by way of `DatabaseValueConvertible`), hence the underscore. ORMCore calls it
/// `ColumnValue`, a name tools built on ORMCore reach with `@_spi(ModelSupport) import ORMCore`.
public struct _ColumnValue {
    @usableFromInline package let handle: OpaquePointer?

    @inlinable
    package init(statement: OpaquePointer, index: Int32) {
        handle = sqlite3_column_value(statement, index)
    }

    // The small readers are inlined into decoding code: each is one SQLite call.

    /// Whether the column is NULL.
    @inlinable public var isNull: Bool { storage == SQLITE_NULL }
    /// Whether the column holds an integer.
    @inlinable public var isInteger: Bool { storage == SQLITE_INTEGER }
    /// Whether the column holds a real.
    @inlinable public var isReal: Bool { storage == SQLITE_FLOAT }

    /// Whether the column holds text.
    @inlinable public var isText: Bool { storage == SQLITE_TEXT }
    /// Whether the column holds a blob.
    @inlinable public var isBlob: Bool { storage == SQLITE_BLOB }

    @inlinable package var storage: Int32 {
        guard let handle else { return SQLITE_NULL }
        return sqlite3_value_type(handle)
    }

    /// The value as an integer (SQLite converts other classes).
    @inlinable public var int64: Int64 {
        guard let handle else { return 0 }
        return sqlite3_value_int64(handle)
    }

    /// The value as a double (SQLite converts other classes).
    @inlinable public var double: Double {
        guard let handle else { return 0 }
        return sqlite3_value_double(handle)
    }

    /// The value as text (SQLite converts other classes; NULL reads as "").
    @inlinable public var text: String {
        guard let handle, let bytes = sqlite3_value_text(handle) else { return "" }
        let count = Int(sqlite3_value_bytes(handle))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// Hands `body` the value's text as SQLite holds it: its UTF-8 bytes exactly, even when they are
    /// not valid UTF-8 (which ``text`` would repair with U+FFFD). Other classes are converted as
    /// for ``text``. The bytes are valid only during the call.
    public func withTextBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        guard let handle, let bytes = sqlite3_value_text(handle) else {
            return try body(UnsafeBufferPointer(start: nil, count: 0))
        }
        return try body(UnsafeBufferPointer(start: bytes, count: Int(sqlite3_value_bytes(handle))))
    }

    /// The value as bytes.
    public var blob: Data {
        guard let handle else { return Data() }
        // The blob pointer first, then its size (the order SQLite documents for conversions).
        guard let bytes = sqlite3_value_blob(handle) else { return Data() }
        let count = Int(sqlite3_value_bytes(handle))
        return count > 0 ? Data(bytes: bytes, count: count) : Data()
    }

    /// The stored value.
    @inlinable public var value: SQLValue {
        switch storage {
        case SQLITE_INTEGER: .integer(int64)
        case SQLITE_FLOAT: .real(double)
        case SQLITE_TEXT: .text(text)
        case SQLITE_BLOB: .blob(blob)
        default: .null
        }
    }
}

extension _Statement {
    /// Result column `index` of the current row, to read in place (see `ColumnValue`).
    @inlinable @inline(__always)
    public func column(at index: Int32) -> _ColumnValue {
        _ColumnValue(statement: handle, index: index)
    }
}
