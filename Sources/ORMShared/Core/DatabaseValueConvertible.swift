import FoundationEssentials

/// A Swift type stored in one column.
///
/// ORMCore ships conformances for `Bool`, every integer width, `Double`, `Float`, `String`, `Data`,
/// `Date` (REAL Unix time), `UUID` (TEXT), `URL` (TEXT), `Decimal` (TEXT) and `Optional` of each.
/// `Codable` types need no conformance: models store them as JSON text.
public protocol DatabaseValueConvertible: SQLExpressible {
    /// The declared type of a column holding this type.
    static var columnType: ColumnType { get }
    /// Whether the type admits NULL (only `Optional` does).
    static var isNullable: Bool { get }
    /// The value to store.
    var databaseValue: SQLValue { get }
    /// The Swift value for a stored value, or nil when it does not fit.
    static func fromDatabaseValue(_ value: SQLValue) -> Self?
    /// Binds the value directly (fast path; the default goes through ``databaseValue``). Part of the
    /// macro's contract (see <doc:Models#The-macros-contract>): a conformance need not write it.
    /// Generic over the driver's binder and inlined where the binder is concrete, so that SQLite's
    /// statement binds an `Int` with one `sqlite3_bind_int64`.
    func _bind<Binder: _ValueBinder>(to binder: Binder, at index: Int32) throws
    /// Reads the value in place from a result column (fast path), or nil when it does not fit. Part
    /// of the macro's contract: a conformance need not write it.
    static func _read<Reader: _ValueReader>(from column: Reader) -> Self?
}

extension DatabaseValueConvertible {
    /// Not nullable.
    public static var isNullable: Bool { false }

    /// Binds ``databaseValue``.
    @inlinable
    public func _bind<Binder: _ValueBinder>(to binder: Binder, at index: Int32) throws {
        try binder.bind(databaseValue, at: index)
    }

    /// Reads through ``fromDatabaseValue(_:)``.
    @inlinable
    public static func _read<Reader: _ValueReader>(from column: Reader) -> Self? {
        fromDatabaseValue(column.value)
    }
}

extension SQLValue: DatabaseValueConvertible {
    /// Any storage class fits; declared as BLOB (no affinity).
    public static var columnType: ColumnType { .blob }
    /// NULL is a value like any other.
    public static var isNullable: Bool { true }
    /// Itself.
    public var databaseValue: SQLValue { self }
    /// Itself.
    public static func fromDatabaseValue(_ value: SQLValue) -> SQLValue? { value }
}

// MARK: - Integers

/// Integer types share their storage: an INTEGER column, checked for range when read.
public protocol DatabaseInteger: DatabaseValueConvertible, FixedWidthInteger {}

extension DatabaseInteger {
    /// INTEGER.
    public static var columnType: ColumnType { .integer }
    /// The value as a 64-bit integer (unsigned 64-bit values above `Int64.max` keep their bit pattern).
    public var databaseValue: SQLValue { .integer(Int64(truncatingIfNeeded: self)) }

    /// The integer, when it is stored as an integer in range (or as a real with no fraction).
    public static func fromDatabaseValue(_ value: SQLValue) -> Self? {
        switch value {
        case .integer(let int): return fromInteger(int)
        case .real(let double): return Self(exactly: double)
        case .text(let text): return Self(text.trimmedWhitespace)
        default: return nil
        }
    }

    /// Binds the integer.
    @inlinable public func _bind<Binder: _ValueBinder>(to statement: Binder, at index: Int32) throws {
        try statement.bindInt64(Int64(truncatingIfNeeded: self), at: index)
    }

    /// Reads an integer column without boxing.
    @inlinable public static func _read<Reader: _ValueReader>(from column: Reader) -> Self? {
        _readInteger(from: column)
    }

    /// `_read(from:)`, called directly: generic code that knows `Self` inlines it, where the
    /// requirement is reached through the conformance's witness, a call per column.
    @inlinable @inline(__always)
    public static func _readInteger<Reader: _ValueReader>(from column: Reader) -> Self? {
        if column.isInteger { return fromInteger(column.int64) }
        return fromDatabaseValue(column.value)
    }

    /// A stored 64-bit integer, when it is in range (unsigned 64-bit values keep their bit pattern).
    @inlinable @inline(__always)
    public static func fromInteger(_ int: Int64) -> Self? {
        if Self.self == UInt64.self { return Self(truncatingIfNeeded: int) }
        return Self(exactly: int)
    }
}

extension Int: DatabaseInteger {}
extension Int8: DatabaseInteger {}
extension Int16: DatabaseInteger {}
extension Int32: DatabaseInteger {}
extension Int64: DatabaseInteger {}
extension UInt: DatabaseInteger {}
extension UInt8: DatabaseInteger {}
extension UInt16: DatabaseInteger {}
extension UInt32: DatabaseInteger {}
extension UInt64: DatabaseInteger {}

extension Bool: DatabaseValueConvertible {
    /// INTEGER 0 or 1.
    public static var columnType: ColumnType { .integer }
    /// 1 for true, 0 for false.
    public var databaseValue: SQLValue { .integer(self ? 1 : 0) }
    /// Any non-zero number is true.
    public static func fromDatabaseValue(_ value: SQLValue) -> Bool? {
        switch value {
        case .integer(let int): int != 0
        case .real(let double): double != 0
        default: nil
        }
    }
}

// MARK: - Floating point

extension Double: DatabaseValueConvertible {
    /// REAL.
    public static var columnType: ColumnType { .real }
    /// The number.
    public var databaseValue: SQLValue { .real(self) }
    /// Reals and integers.
    public static func fromDatabaseValue(_ value: SQLValue) -> Double? {
        switch value {
        case .real(let double): double
        case .integer(let int): Double(int)
        case .text(let text): Double(text)
        default: nil
        }
    }
    /// Binds the number.
    @inlinable public func _bind<Binder: _ValueBinder>(to statement: Binder, at index: Int32) throws {
        try statement.bindDouble(self, at: index)
    }
    /// Reads a real without boxing.
    @inlinable public static func _read<Reader: _ValueReader>(from column: Reader) -> Double? {
        if column.isReal { return column.double }
        return fromDatabaseValue(column.value)
    }
}

extension Float: DatabaseValueConvertible {
    /// REAL.
    public static var columnType: ColumnType { .real }
    /// The number, widened.
    public var databaseValue: SQLValue { .real(Double(self)) }
    /// Reals and integers, narrowed.
    public static func fromDatabaseValue(_ value: SQLValue) -> Float? {
        Double.fromDatabaseValue(value).map(Float.init)
    }
}

// MARK: - Text and bytes

extension String: DatabaseValueConvertible {
    /// TEXT.
    public static var columnType: ColumnType { .text }
    /// The text.
    public var databaseValue: SQLValue { .text(self) }
    /// Text, and numbers rendered as text.
    public static func fromDatabaseValue(_ value: SQLValue) -> String? {
        switch value {
        case .text(let text): text
        case .integer(let int): String(int)
        case .real(let double): String(double)
        case .blob(let data): String(data: data, encoding: .utf8)
        case .null: nil
        }
    }
    /// Binds the text.
    @inlinable public func _bind<Binder: _ValueBinder>(to statement: Binder, at index: Int32) throws {
        try statement.bindText(self, at: index)
    }
    /// Reads text without boxing.
    @inlinable public static func _read<Reader: _ValueReader>(from column: Reader) -> String? {
        if column.isNull { return nil }
        return column.text
    }
}

extension Data: DatabaseValueConvertible {
    /// BLOB.
    public static var columnType: ColumnType { .blob }
    /// The bytes.
    public var databaseValue: SQLValue { .blob(self) }
    /// Blobs, and text as its UTF-8 bytes.
    public static func fromDatabaseValue(_ value: SQLValue) -> Data? {
        switch value {
        case .blob(let data): data
        case .text(let text): Data(text.utf8)
        default: nil
        }
    }
}

// MARK: - Foundation values

extension Date: DatabaseValueConvertible {
    /// REAL seconds since 1970.
    public static var columnType: ColumnType { .real }
    /// Seconds since 1970.
    public var databaseValue: SQLValue { .real(timeIntervalSince1970) }
    /// A Unix time, or ISO 8601 text.
    public static func fromDatabaseValue(_ value: SQLValue) -> Date? {
        switch value {
        case .real(let seconds): Date(timeIntervalSince1970: seconds)
        case .integer(let seconds): Date(timeIntervalSince1970: TimeInterval(seconds))
        case .text(let text): try? Date(text, strategy: .iso8601)
        default: nil
        }
    }
}

extension UUID: DatabaseValueConvertible {
    /// TEXT in the canonical upper-case form.
    public static var columnType: ColumnType { .text }
    /// The canonical string.
    public var databaseValue: SQLValue { .text(uuidString) }
    /// Canonical text, or 16 bytes.
    public static func fromDatabaseValue(_ value: SQLValue) -> UUID? {
        switch value {
        case .text(let text): UUID(uuidString: text)
        case .blob(let data) where data.count == 16:
            data.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
        default: nil
        }
    }
}

extension URL: DatabaseValueConvertible {
    /// TEXT.
    public static var columnType: ColumnType { .text }
    /// The absolute string.
    public var databaseValue: SQLValue { .text(absoluteString) }
    /// A URL string.
    public static func fromDatabaseValue(_ value: SQLValue) -> URL? {
        if case .text(let text) = value { return URL(string: text) }
        return nil
    }
}

extension Decimal: DatabaseValueConvertible {
    /// TEXT, so no digit is lost to floating point.
    public static var columnType: ColumnType { .text }
    /// The decimal's exact text.
    public var databaseValue: SQLValue { .text(description) }
    /// Decimal text, or a number.
    public static func fromDatabaseValue(_ value: SQLValue) -> Decimal? {
        switch value {
        case .text(let text): Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
        case .integer(let int): Decimal(int)
        case .real(let double): Decimal(double)
        default: nil
        }
    }
}

// MARK: - Optional

extension Optional: SQLExpressible where Wrapped: DatabaseValueConvertible {}

extension Optional: DatabaseValueConvertible where Wrapped: DatabaseValueConvertible {
    /// The wrapped type's column type.
    public static var columnType: ColumnType { Wrapped.columnType }
    /// Nullable.
    public static var isNullable: Bool { true }
    /// NULL for nil.
    public var databaseValue: SQLValue { self?.databaseValue ?? .null }
    /// nil for NULL; otherwise the wrapped value, or no value when it does not fit.
    public static func fromDatabaseValue(_ value: SQLValue) -> Wrapped?? {
        if value.isNull { return .some(nil) }
        return Wrapped.fromDatabaseValue(value).map { .some($0) }
    }
    /// Binds NULL or the wrapped value.
    @inlinable public func _bind<Binder: _ValueBinder>(to statement: Binder, at index: Int32) throws {
        if let self { try self._bind(to: statement, at: index) } else { try statement.bindNull(at: index) }
    }
    /// Reads NULL as nil.
    @inlinable public static func _read<Reader: _ValueReader>(from column: Reader) -> Wrapped?? {
        if column.isNull { return .some(nil) }
        return Wrapped._read(from: column).map { .some($0) }
    }
}
