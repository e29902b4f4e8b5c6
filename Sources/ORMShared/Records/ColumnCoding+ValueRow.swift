import FoundationEssentials

// The generic path of the macro's contract: the same conversions as `ColumnCoding.swift`, binding
// to any driver's ``_ValueBinder`` and decoding from a ``_ValueRow``. Generated code reaches these
// through `_$bindColumns(_:to binder:startingAt:)`, `init(_$values:key:)` and `_$apply(_:keeping:)`
// with a `_ValueRow`; SQLite's statements take the concrete overloads, chosen by the compiler.
extension _ColumnCoding {
    // MARK: - Binding

    /// Binds a value.
    @inlinable
    public static func bind<T: DatabaseValueConvertible>(_ value: T, to binder: some _ValueBinder, at index: Int32)
        throws
    {
        try value._bind(to: binder, at: index)
    }

    /// Binds a raw-value enum's raw value.
    @_disfavoredOverload
    public static func bind<T: RawRepresentable & Codable>(_ value: T, to binder: some _ValueBinder, at index: Int32)
        throws where T.RawValue: DatabaseValueConvertible
    {
        try value.rawValue._bind(to: binder, at: index)
    }

    /// Binds an optional raw-value enum.
    @_disfavoredOverload
    public static func bind<T: RawRepresentable & Codable>(_ value: T?, to binder: some _ValueBinder, at index: Int32)
        throws where T.RawValue: DatabaseValueConvertible
    {
        if let value { try value.rawValue._bind(to: binder, at: index) } else { try binder.bindNull(at: index) }
    }

    /// Binds a `Codable` value as JSON text.
    @_disfavoredOverload
    public static func bind<T: Codable>(_ value: T, to binder: some _ValueBinder, at index: Int32) throws {
        try binder.bind(json(value), at: index)
    }

    /// Binds an optional `Codable` value as JSON text or NULL.
    @_disfavoredOverload
    public static func bind<T: Codable>(_ value: T?, to binder: some _ValueBinder, at index: Int32) throws {
        if let value { try binder.bind(json(value), at: index) } else { try binder.bindNull(at: index) }
    }

    /// Binds a related object's key, or NULL for none and for a new object.
    public static func bind<T: Model>(_ value: T?, to binder: some _ValueBinder, at index: Int32) throws {
        try binder.bind(relatedKey(value), at: index)
    }

    // MARK: - Decoding

    /// Reads a value column. Inlined into the generated initialiser, so that a direct row's
    /// (PostgreSQL's) value is one call into its statement (the column's reader chosen once a statement) and
    /// `T`'s conversion is inlined, with no existential or witness in between.
    @inlinable @inline(__always)
    public static func decode<T: DatabaseValueConvertible>(
        _ type: T.Type, from row: _ValueRow, at position: Int32, column: String
    ) throws -> T {
        let index = try resolve(row, position, column)
        if let direct = row.direct {
            let value = ValueColumn(value: direct.value(at: index))
            if let decoded = T._read(from: value) { return decoded }
            throw mismatch(row, value, column, T.self)
        }
        return try decodeThroughReader(T.self, from: row, at: index, column: column)
    }

    /// Reads an integer column: the read above, with the integer conversion inlined as well.
    @inlinable @inline(__always)
    public static func decode<T: DatabaseInteger>(
        _ type: T.Type, from row: _ValueRow, at position: Int32, column: String
    ) throws -> T {
        let index = try resolve(row, position, column)
        if let direct = row.direct {
            let value = ValueColumn(value: direct.value(at: index))
            if let decoded = T._readInteger(from: value) { return decoded }
            throw mismatch(row, value, column, T.self)
        }
        return try decodeThroughReader(T.self, from: row, at: index, column: column)
    }

    /// Reads result column `index` through the row's ``_RowReader`` (a statement that is no
    /// ``DirectRow``).
    @usableFromInline
    static func decodeThroughReader<T: DatabaseValueConvertible>(
        _ type: T.Type, from row: _ValueRow, at index: Int32, column: String
    ) throws -> T {
        let reader = row.reader.column(at: index)
        if let value = T._read(from: reader) { return value }
        throw mismatch(row, reader, column, String(describing: T.self))
    }

    /// Reads a raw-value enum column.
    @_disfavoredOverload
    public static func decode<T: RawRepresentable & Codable>(
        _ type: T.Type, from row: _ValueRow, at position: Int32, column: String
    ) throws -> T where T.RawValue: DatabaseValueConvertible {
        let index = try resolve(row, position, column)
        let reader = row.reader.column(at: index)
        if let value = T.RawValue._read(from: reader).flatMap(T.init(rawValue:)) { return value }
        throw mismatch(row, reader, column, String(describing: T.self))
    }

    /// Reads an optional raw-value enum column.
    @_disfavoredOverload
    public static func decode<T: RawRepresentable & Codable>(
        _ type: T?.Type, from row: _ValueRow, at position: Int32, column: String
    ) throws -> T? where T.RawValue: DatabaseValueConvertible {
        if row.reader.column(at: try resolve(row, position, column)).isNull { return nil }
        return try decode(T.self, from: row, at: position, column: column)
    }

    /// Reads a JSON column into a `Codable` value.
    @_disfavoredOverload
    public static func decode<T: Codable>(_ type: T.Type, from row: _ValueRow, at position: Int32, column: String)
        throws -> T
    {
        let reader = row.reader.column(at: try resolve(row, position, column))
        return try decodeJSON(T.self, reader.value, entity: row.entity, column: column) {
            mismatch(row, reader, column, "JSON text for \(T.self)")
        }
    }

    /// Reads an optional JSON column.
    @_disfavoredOverload
    public static func decode<T: Codable>(_ type: T?.Type, from row: _ValueRow, at position: Int32, column: String)
        throws -> T?
    {
        if row.reader.column(at: try resolve(row, position, column)).isNull { return nil }
        return try decode(T.self, from: row, at: position, column: column)
    }

    /// Reads a relationship key and returns the related object (live, or a fault).
    public static func decode<T: Model>(_ type: T?.Type, from row: _ValueRow, at position: Int32, column: String)
        throws -> T?
    {
        let key = row.reader.column(at: try resolve(row, position, column)).value
        if key.isNull { return nil }
        return try row.database.object(T.self, key: key)
    }

    /// The key property's value for `key`, the key column's value as stored.
    public static func decodeKey<T: DatabaseValueConvertible>(
        _ type: T.Type, _ key: SQLValue, from row: _ValueRow, column: String
    ) throws -> T {
        if let value = T.fromDatabaseValue(key) { return value }
        throw keyMismatch(row, key, column, T.self)
    }

    /// An integer key's value for `key` (the common case, a stored integer, inlined).
    @inlinable @inline(__always)
    public static func decodeKey<T: DatabaseInteger>(
        _ type: T.Type, _ key: SQLValue, from row: _ValueRow, column: String
    ) throws -> T {
        if case .integer(let int) = key, let value = T.fromInteger(int) { return value }
        if let value = T.fromDatabaseValue(key) { return value }
        throw keyMismatch(row, key, column, T.self)
    }

    // MARK: - Helpers

    @inlinable @inline(__always)
    package static func resolve(_ row: _ValueRow, _ position: Int32, _ column: String) throws -> Int32 {
        let index = row.resolve(position)
        if index < 0 { throw missingColumn(row, column) }
        return index
    }

    /// The error for a column the row does not hold.
    @usableFromInline @inline(never)
    package static func missingColumn(_ row: _ValueRow, _ column: String) -> ORMError {
        ORMError.valueMismatch(entity: row.entity, column: column, expected: "a result column", found: "none")
    }

    package static func mismatch(_ row: _ValueRow, _ reader: any _ValueReader, _ column: String, _ expected: String) -> ORMError {
        let value = reader.value
        return ORMError.valueMismatch(
            entity: row.entity, column: column, expected: expected, found: value.isNull ? "NULL" : value.storageClass)
    }

    /// The error for a direct row's value that does not fit `T` (kept out of line: decoding
    /// inlines only the call).
    @usableFromInline @inline(never)
    package static func mismatch<T>(_ row: _ValueRow, _ value: ValueColumn, _ column: String, _: T.Type) -> ORMError {
        mismatch(row, value, column, String(describing: T.self))
    }

    /// The error for a stored key that does not fit the key property's type `T`.
    @usableFromInline @inline(never)
    package static func keyMismatch<T>(_ row: _ValueRow, _ key: SQLValue, _ column: String, _: T.Type) -> ORMError {
        ORMError.valueMismatch(
            entity: row.entity, column: column, expected: String(describing: T.self),
            found: key.isNull ? "NULL" : key.storageClass)
    }
}
