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

    /// Reads a value column.
    public static func decode<T: DatabaseValueConvertible>(
        _ type: T.Type, from row: _ValueRow, at position: Int32, column: String
    ) throws -> T {
        let index = try resolve(row, position, column)
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
        throw ORMError.valueMismatch(
            entity: row.entity, column: column, expected: String(describing: T.self),
            found: key.isNull ? "NULL" : key.storageClass)
    }

    // MARK: - Helpers

    static func resolve(_ row: _ValueRow, _ position: Int32, _ column: String) throws -> Int32 {
        let index = row.resolve(position)
        if index < 0 {
            throw ORMError.valueMismatch(entity: row.entity, column: column, expected: "a result column", found: "none")
        }
        return index
    }

    static func mismatch(_ row: _ValueRow, _ reader: any _ValueReader, _ column: String, _ expected: String) -> ORMError {
        let value = reader.value
        return ORMError.valueMismatch(
            entity: row.entity, column: column, expected: expected, found: value.isNull ? "NULL" : value.storageClass)
    }
}
