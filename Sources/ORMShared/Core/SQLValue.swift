import FoundationEssentials

/// A value as SQLite stores it: one of its five storage classes.
///
/// Values bind themselves to statements; they are never spliced into SQL text.
///
/// ```swift
/// let values: [SQLValue] = [.integer(42), .text("Zoë"), .null]
/// ```
public enum SQLValue: Sendable, Hashable {
    /// SQL NULL.
    case null
    /// A 64-bit signed integer.
    case integer(Int64)
    /// A 64-bit IEEE floating point number.
    case real(Double)
    /// UTF-8 text.
    case text(String)
    /// Bytes.
    case blob(Data)

    /// Whether the value is SQL NULL.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The storage class name SQLite's `typeof()` reports for this value.
    public var storageClass: String {
        switch self {
        case .null: "null"
        case .integer: "integer"
        case .real: "real"
        case .text: "text"
        case .blob: "blob"
        }
    }
}

extension SQLValue: CustomStringConvertible {
    /// A readable rendering: `NULL`, numbers as written, text quoted, blobs as their size.
    public var description: String {
        switch self {
        case .null: "NULL"
        case .integer(let value): String(value)
        case .real(let value): String(value)
        case .text(let value): SQLLiteral.text(value)
        case .blob(let data): "<\(data.count) bytes>"
        }
    }
}

// Deliberately not ExpressibleByNilLiteral: `cond ? value : nil` in a closure returning
// `SQLValue?` would silently become `.null` instead of nil. Write `.null`.
extension SQLValue: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral,
    ExpressibleByBooleanLiteral
{
    /// An integer literal.
    public init(integerLiteral value: Int64) { self = .integer(value) }
    /// A floating point literal.
    public init(floatLiteral value: Double) { self = .real(value) }
    /// A string literal.
    public init(stringLiteral value: String) { self = .text(value) }
    /// A Boolean literal, stored as 0 or 1.
    public init(booleanLiteral value: Bool) { self = .integer(value ? 1 : 0) }
}
