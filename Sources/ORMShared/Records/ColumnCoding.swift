import FoundationEssentials

/// Column conversions that `@Model`-generated code calls, chosen by overload at compile time:
/// ``DatabaseValueConvertible`` types directly, raw-value enums by their raw value, other `Codable`
/// types as JSON text, and other models as to-one relationships stored as their key.
public enum _ColumnCoding {
    // MARK: - Schema

    /// A value column.
    public static func column<T: DatabaseValueConvertible>(
        _ name: String, _ type: T.Type, default value: T, formerNames: [String] = [], indexed: Bool = false,
        unique: Bool = false
    ) -> ModelColumn {
        ModelColumn(
            name: name, type: T.columnType, isNullable: T.isNullable, defaultValue: value.databaseValue,
            formerNames: formerNames, isIndexed: indexed, isUnique: unique, storedType: StoredType(of: T.self))
    }

    /// A raw-value enum column.
    @_disfavoredOverload
    public static func column<T: RawRepresentable & Codable & Sendable>(
        _ name: String, _ type: T.Type, default value: T, formerNames: [String] = [], indexed: Bool = false,
        unique: Bool = false
    ) -> ModelColumn where T.RawValue: DatabaseValueConvertible {
        ModelColumn(
            name: name, type: T.RawValue.columnType, isNullable: false, defaultValue: value.rawValue.databaseValue,
            formerNames: formerNames, isIndexed: indexed, isUnique: unique, storedType: StoredType(of: T.RawValue.self))
    }

    /// An optional raw-value enum column.
    @_disfavoredOverload
    public static func column<T: RawRepresentable & Codable & Sendable>(
        _ name: String, _ type: T?.Type, default value: T?, formerNames: [String] = [], indexed: Bool = false,
        unique: Bool = false
    ) -> ModelColumn where T.RawValue: DatabaseValueConvertible {
        ModelColumn(
            name: name, type: T.RawValue.columnType, isNullable: true,
            defaultValue: value?.rawValue.databaseValue ?? .null, formerNames: formerNames, isIndexed: indexed,
            isUnique: unique, storedType: StoredType(of: T.RawValue.self))
    }

    /// A `Codable` column stored as JSON text.
    @_disfavoredOverload
    public static func column<T: Codable & Sendable>(
        _ name: String, _ type: T.Type, default value: T, formerNames: [String] = [], indexed: Bool = false,
        unique: Bool = false
    ) -> ModelColumn {
        ModelColumn(
            name: name, type: .text, isNullable: false, defaultValue: (try? json(value)) ?? .text("null"),
            formerNames: formerNames, isIndexed: indexed, isUnique: unique, storedType: .json)
    }

    /// An optional `Codable` column stored as JSON text, NULL for nil.
    @_disfavoredOverload
    public static func column<T: Codable & Sendable>(
        _ name: String, _ type: T?.Type, default value: T?, formerNames: [String] = [], indexed: Bool = false,
        unique: Bool = false
    ) -> ModelColumn {
        ModelColumn(
            name: name, type: .text, isNullable: true, defaultValue: value.flatMap { try? json($0) } ?? .null,
            formerNames: formerNames, isIndexed: indexed, isUnique: unique, storedType: .json)
    }

    /// A to-one relationship column: the related object's key, indexed, referencing its table.
    public static func column<T: Model>(
        _ name: String, _ type: T?.Type, default value: T?, formerNames: [String] = [], indexed: Bool = false,
        unique: Bool = false
    ) -> ModelColumn {
        let target = T._$tableAndKey
        return ModelColumn(
            name: name, type: target.primaryKey.type, isNullable: true, defaultValue: .null,
            formerNames: formerNames, isIndexed: true, isUnique: unique,
            reference: .init(table: target.table, column: target.primaryKey.name, model: T.self),
            storedType: target.primaryKey.storedType)
    }

    // MARK: - Keys

    /// A key value as stored.
    @inlinable
    public static func keyValue<T: DatabaseValueConvertible>(_ value: T) -> SQLValue {
        value.databaseValue
    }

    /// A key read back from its stored value.
    @inlinable
    public static func keyFromValue<T: DatabaseValueConvertible>(_ type: T.Type, _ value: SQLValue, entity: String)
        throws -> T
    {
        if let key = T.fromDatabaseValue(value) { return key }
        throw ORMError.valueMismatch(entity: entity, column: "key", expected: "\(T.self)", found: value.storageClass)
    }

    // MARK: - Relationships

    /// The related object, for a relationship column.
    public static func related<T: Model>(_ value: T?) -> (any Model)? { value }

    /// Nothing, for a value column.
    @_disfavoredOverload
    public static func related<T>(_ value: T) -> (any Model)? { nil }

    // MARK: - Helpers

    /// A related object's key, or NULL for none and for a new object (it has no row yet: a commit
    /// that inserts it writes the reference once it has, see ``CommitPlan``).
    package static func relatedKey<T: Model>(_ value: T?) -> SQLValue {
        let key = value?._$withStateFields { fields in
            fields.meta.status == .new ? SQLValue.null : value.unsafelyUnwrapped._$primaryKeyHoldingLock
        }
        return key ?? .null
    }

    /// The `Codable` value JSON text (or bytes) hold; `notJSON` makes the error for a value that is
    /// neither.
    package static func decodeJSON<T: Decodable>(
        _ type: T.Type, _ value: SQLValue, entity: String, column: String, notJSON: () -> ORMError
    ) throws -> T {
        let data: Data
        switch value {
        case .text(let text): data = Data(text.utf8)
        case .blob(let blob): data = blob
        default: throw notJSON()
        }
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch {
            throw ORMError.valueMismatch(entity: entity, column: column, expected: "JSON for \(T.self)", found: "\(error)")
        }
    }

    package static func json<T: Encodable>(_ value: T) throws -> SQLValue {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(value)
        return .text(String(decoding: data, as: UTF8.self))
    }
}
