import FoundationEssentials

/// What kind of Swift value a model's column stores: finer than SQLite's affinity
/// (``ColumnType``), so a database with real column types declares the right one (on PostgreSQL
/// `Bool` is `boolean`, `Date` `timestamptz`, `UUID` `uuid`, `Decimal` `numeric`, a `Codable`
/// value `jsonb`), binds the value in the form that type reads and reads it back.
///
/// `_ColumnCoding` names it from the property's type when `@Model` describes a column
/// (``init(of:)``); a ``ModelColumn`` made by hand gets the one its ``ColumnType`` implies.
public enum StoredType: String, Sendable, Hashable, CaseIterable {
    /// Any integer type (stored as a 64-bit integer).
    case integer
    /// `Double` or `Float`.
    case double
    /// `Bool` (0 or 1 in ``SQLValue``).
    case boolean
    /// `String`, `URL`, and text that is nothing more specific.
    case text
    /// `Data`.
    case bytes
    /// `Date` (seconds since 1970 in ``SQLValue``).
    case date
    /// `UUID`.
    case uuid
    /// `Decimal` (its exact text in ``SQLValue``).
    case decimal
    /// A `Codable` value, as JSON text.
    case json
    /// ``SQLValue`` itself: any storage class.
    case any

    /// The stored type of a column whose values have Swift type `type` (an `Optional`'s wrapped
    /// type; `nil` for a type ORMCore gives no column of its own, which ``init(columnType:)``
    /// then decides).
    public init?(of type: Any.Type) {
        var type = type
        while let optional = type as? any _OptionalStoredType.Type {
            type = optional._wrappedType
        }
        switch type {
        case is Bool.Type: self = .boolean
        case is any DatabaseInteger.Type: self = .integer
        case is Double.Type, is Float.Type: self = .double
        case is String.Type, is URL.Type: self = .text
        case is Data.Type: self = .bytes
        case is Date.Type: self = .date
        case is UUID.Type: self = .uuid
        case is Decimal.Type: self = .decimal
        case is SQLValue.Type: self = .any
        default: return nil
        }
    }

    /// The stored type a column declared with SQLite's `type` holds when nothing more is known.
    public init(columnType type: ColumnType) {
        switch type {
        case .integer: self = .integer
        case .real: self = .double
        case .text: self = .text
        case .blob: self = .bytes
        case .numeric: self = .decimal
        }
    }
}

/// Lets ``StoredType/init(of:)`` look through `Optional` at run time.
public protocol _OptionalStoredType {
    /// The wrapped type.
    static var _wrappedType: Any.Type { get }
}

extension Optional: _OptionalStoredType {
    /// `Wrapped`.
    public static var _wrappedType: Any.Type { Wrapped.self }
}
