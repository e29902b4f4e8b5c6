import FoundationEssentials
import PostgresClient
import ORMShared

extension PostgresDialect {
    /// Text in quotes, doubled (`standard_conforming_strings` is on: a backslash is a backslash),
    /// a blob as `'\x…'::bytea`, a real as its shortest exact decimal (`'NaN'`, `'Infinity'`
    /// quoted).
    package func literal(_ value: SQLValue) -> String {
        switch value {
        case .null: return "NULL"
        case .integer(let integer): return String(integer)
        case .real(let real):
            if real.isNaN { return "'NaN'" }
            if real.isInfinite { return real < 0 ? "'-Infinity'" : "'Infinity'" }
            return real.description
        case .text(let text): return Self.text(text)
        case .blob(let data): return "'\\x" + Hex.encode(data, uppercase: false) + "'::bytea"
        }
    }

    /// A `Bool` column's 0 or 1 as `false` or `true`, a `Date` column's seconds as a `timestamptz`
    /// to the microsecond; everything else as ``literal(_:)`` writes it.
    package func literal(_ value: SQLValue, as type: StoredType) -> String {
        switch (type, value) {
        case (.boolean, .integer(let integer)):
            return integer != 0 ? "true" : "false"
        case (.date, .real(let seconds)):
            return Self.text(PGTimestampText.text(Date(timeIntervalSince1970: seconds)))
        case (.date, .integer(let seconds)):
            return Self.text(PGTimestampText.text(Date(timeIntervalSince1970: Double(seconds))))
        default:
            return literal(value)
        }
    }

    /// `'…'` with quotes doubled.
    package static func text(_ text: String) -> String {
        var literal = "'"
        literal.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            literal.unicodeScalars.append(scalar)
            if scalar == "'" { literal.unicodeScalars.append(scalar) }
        }
        return literal + "'"
    }

    /// `bigint` for integers, `double precision`, `boolean`, `text` (strings, URLs, and
    /// ``SQLValue`` properties, whose any-class values are bound as text), `bytea`, `timestamptz`,
    /// `uuid`, `numeric` for `Decimal`, `jsonb` for `Codable` values.
    package func columnType(for type: StoredType) -> String {
        switch type {
        case .integer: "bigint"
        case .double: "double precision"
        case .boolean: "boolean"
        case .text, .any: "text"
        case .bytes: "bytea"
        case .date: "timestamptz"
        case .uuid: "uuid"
        case .decimal: "numeric"
        case .json: "jsonb"
        }
    }

    /// The type of what the property holds (PostgreSQL has no affinities).
    package func columnType(affinity: ColumnType, storing type: StoredType) -> String { columnType(for: type) }

    /// Exact: `boolean` is a `Bool`, `timestamptz` a `Date`, and so on.
    package func storedType(declared: String) -> StoredType? {
        Self.catalogStoredType(declared)
    }

    /// What a PostgreSQL column of type `declared` (as the catalog writes it: `integer`,
    /// `character varying(20)`, `timestamp with time zone`) stores; nil for an array or a type
    /// ORMCore has no stored type for.
    static func catalogStoredType(_ declared: String) -> StoredType? {
        var type = declared.trimmedWhitespace.lowercased()
        guard !type.hasSuffix("]") else { return nil }
        if let parenthesis = type.firstIndex(of: "(") {
            type = String(type[..<parenthesis]).trimmedWhitespace
        }
        switch type {
        case "boolean", "bool": return .boolean
        case "smallint", "integer", "bigint", "int2", "int4", "int8": return .integer
        case "real", "double precision", "float4", "float8": return .double
        case "numeric", "decimal": return .decimal
        case "text", "character varying", "varchar", "character", "char", "citext", "name": return .text
        case "bytea": return .bytes
        case "timestamp with time zone", "timestamp without time zone", "timestamptz", "timestamp": return .date
        case "uuid": return .uuid
        case "json", "jsonb": return .json
        default: return nil
        }
    }
}
