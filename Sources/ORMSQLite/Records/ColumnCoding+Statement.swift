import ORMShared

// The macro's concrete path for SQLite: the conversions of `ColumnCoding.swift` binding to SQLite's
// statement and decoding from its row in place, chosen by overload at compile time in the members
// `@Model` generates for ``_SQLiteRowModel`` (the driver-neutral path is `ColumnCoding+ValueRow.swift`).
extension _ColumnCoding {
    // MARK: - Binding

    /// Binds a value.
    @inlinable
    public static func bind<T: DatabaseValueConvertible>(_ value: T, to statement: _Statement, at index: Int32) throws {
        try value._bind(to: statement, at: index)
    }

    /// Binds a raw-value enum's raw value.
    @_disfavoredOverload
    public static func bind<T: RawRepresentable & Codable>(_ value: T, to statement: _Statement, at index: Int32)
        throws where T.RawValue: DatabaseValueConvertible
    {
        try value.rawValue._bind(to: statement, at: index)
    }

    /// Binds an optional raw-value enum.
    @_disfavoredOverload
    public static func bind<T: RawRepresentable & Codable>(_ value: T?, to statement: _Statement, at index: Int32)
        throws where T.RawValue: DatabaseValueConvertible
    {
        if let value { try value.rawValue._bind(to: statement, at: index) } else { try statement.bindNull(at: index) }
    }

    /// Binds a `Codable` value as JSON text.
    @_disfavoredOverload
    public static func bind<T: Codable>(_ value: T, to statement: _Statement, at index: Int32) throws {
        try statement.bind(json(value), at: index)
    }

    /// Binds an optional `Codable` value as JSON text or NULL.
    @_disfavoredOverload
    public static func bind<T: Codable>(_ value: T?, to statement: _Statement, at index: Int32) throws {
        if let value { try statement.bind(json(value), at: index) } else { try statement.bindNull(at: index) }
    }

    /// Binds a related object's key, or NULL for none and for a new object (it has no row yet: a
    /// commit that inserts it writes the reference once it has, see ``CommitPlan``).
    public static func bind<T: Model>(_ value: T?, to statement: _Statement, at index: Int32) throws {
        try statement.bind(relatedKey(value), at: index)
    }

    // MARK: - Decoding

    /// Reads a value column. Inlined into the generated initialiser, where `T` is concrete: a
    /// column's read is then a few SQLite calls with no call, witness or merged generic in between.
    @inlinable @inline(__always)
    public static func decode<T: DatabaseValueConvertible>(
        _ type: T.Type, from row: _StatementRow, at position: Int32, column: String
    ) throws -> T {
        try decode(from: row, at: position, column: column, T._read(from:))
    }

    /// Reads an integer column: the read above, with the integer conversion inlined as well.
    @inlinable @inline(__always)
    public static func decode<T: DatabaseInteger>(
        _ type: T.Type, from row: _StatementRow, at position: Int32, column: String
    ) throws -> T {
        try decode(from: row, at: position, column: column, T._readInteger(from:))
    }

    /// Reads a raw-value enum column.
    @_disfavoredOverload
    public static func decode<T: RawRepresentable & Codable>(
        _ type: T.Type, from row: _StatementRow, at position: Int32, column: String
    ) throws -> T where T.RawValue: DatabaseValueConvertible {
        try decode(from: row, at: position, column: column) { T.RawValue._read(from: $0).flatMap(T.init(rawValue:)) }
    }

    /// The value `read` makes of the column holding schema position `position`, or the error naming
    /// the column when the row has no such column or `read` finds no value of type `T`.
    @inlinable @inline(__always)
    package static func decode<T>(
        from row: _StatementRow, at position: Int32, column: String, _ read: (_ColumnValue) -> T?
    ) throws -> T {
        let index = try resolve(row, position, column)
        if let value = read(row.statement.column(at: index)) { return value }
        throw mismatch(row, index, column, T.self)
    }

    /// Reads an optional raw-value enum column.
    @_disfavoredOverload
    public static func decode<T: RawRepresentable & Codable>(
        _ type: T?.Type, from row: _StatementRow, at position: Int32, column: String
    ) throws -> T? where T.RawValue: DatabaseValueConvertible {
        if row.statement.isNull(at: try resolve(row, position, column)) { return nil }
        return try decode(T.self, from: row, at: position, column: column)
    }

    /// Reads a JSON column into a `Codable` value.
    @_disfavoredOverload
    public static func decode<T: Codable>(_ type: T.Type, from row: _StatementRow, at position: Int32, column: String)
        throws -> T
    {
        let index = try resolve(row, position, column)
        return try decodeJSON(T.self, row.statement.value(at: index), entity: row.entity, column: column) {
            mismatch(row, index, column, "JSON text for \(T.self)")
        }
    }

    /// Reads an optional JSON column.
    @_disfavoredOverload
    public static func decode<T: Codable>(_ type: T?.Type, from row: _StatementRow, at position: Int32, column: String)
        throws -> T?
    {
        if row.statement.isNull(at: try resolve(row, position, column)) { return nil }
        return try decode(T.self, from: row, at: position, column: column)
    }

    /// Reads a relationship key and returns the related object (live, or a fault that loads on first use).
    public static func decode<T: Model>(_ type: T?.Type, from row: _StatementRow, at position: Int32, column: String)
        throws -> T?
    {
        let key = row.statement.value(at: try resolve(row, position, column))
        if key.isNull { return nil }
        return try row.database.object(T.self, key: key)
    }

    // MARK: - Keys

    /// The key property's value for `key`, the key column's value as stored (the runtime reads it
    /// once: it is also the key the identity map and later writes use).
    @inlinable @inline(__always)
    public static func decodeKey<T: DatabaseValueConvertible>(
        _ type: T.Type, _ key: SQLValue, from row: _StatementRow, column: String
    ) throws -> T {
        if let value = T.fromDatabaseValue(key) { return value }
        throw keyMismatch(row, key, column, T.self)
    }

    /// An integer key's value for `key` (the common case, a stored integer, inlined).
    @inlinable @inline(__always)
    public static func decodeKey<T: DatabaseInteger>(
        _ type: T.Type, _ key: SQLValue, from row: _StatementRow, column: String
    ) throws -> T {
        if case .integer(let int) = key, let value = T.fromInteger(int) { return value }
        if let value = T.fromDatabaseValue(key) { return value }
        throw keyMismatch(row, key, column, T.self)
    }
    // MARK: - Helpers

    @inlinable @inline(__always)
    package static func resolve(_ row: _StatementRow, _ position: Int32, _ column: String) throws -> Int32 {
        let index = row.resolve(position)
        if index < 0 { throw missingColumn(row, column) }
        return index
    }

    /// The error for a column the row does not hold.
    @usableFromInline @inline(never)
    package static func missingColumn(_ row: _StatementRow, _ column: String) -> ORMError {
        ORMError.valueMismatch(entity: row.entity, column: column, expected: "a result column", found: "none")
    }

    /// The error for a value of type `T` that does not fit (kept out of line: decoding inlines only
    /// the call).
    @usableFromInline @inline(never)
    package static func mismatch<T>(_ row: _StatementRow, _ index: Int32, _ column: String, _ type: T.Type) -> ORMError {
        mismatch(row, index, column, String(describing: T.self))
    }

    /// The error for a stored key that does not fit the key property's type `T`.
    @usableFromInline @inline(never)
    package static func keyMismatch<T>(_ row: _StatementRow, _ key: SQLValue, _ column: String, _ type: T.Type) -> ORMError {
        ORMError.valueMismatch(
            entity: row.entity, column: column, expected: String(describing: T.self),
            found: key.isNull ? "NULL" : key.storageClass)
    }

    @usableFromInline
    package static func mismatch(_ row: _StatementRow, _ index: Int32, _ column: String, _ expected: String) -> ORMError {
        let found = row.statement.isNull(at: index) ? "NULL" : row.statement.storageClass(at: index)
        return ORMError.valueMismatch(entity: row.entity, column: column, expected: expected, found: found)
    }
}
