import FoundationEssentials
import PostgresClient

extension SQLDialect {
    /// The type a table made for `column` declares: SQLite's affinity name (`INTEGER`, `REAL`,
    /// `TEXT`, `BLOB`, `NUMERIC`); on PostgreSQL the type of what the property holds (see
    /// ``columnType(for:)-(StoredType)``).
    public func columnType(for column: ModelColumn) -> String {
        switch kind {
        case .sqlite: column.type.rawValue
        case .postgres: columnType(for: column.storedType)
        }
    }

    /// The type the key column declares.
    public func columnType(for key: PrimaryKey) -> String {
        switch kind {
        case .sqlite: key.type.rawValue
        case .postgres: columnType(for: key.storedType)
        }
    }

    /// PostgreSQL's type for a stored type: `bigint` for integers, `double precision`, `boolean`,
    /// `text` (strings, URLs, and ``SQLValue`` properties, whose any-class values are bound as
    /// text), `bytea`, `timestamptz`, `uuid`, `numeric` for `Decimal`, `jsonb` for `Codable`
    /// values. SQLite's names (as for ``ColumnType``) on SQLite.
    public func columnType(for type: StoredType) -> String {
        switch kind {
        case .sqlite:
            switch type {
            case .integer, .boolean: return ColumnType.integer.rawValue
            case .double, .date: return ColumnType.real.rawValue
            case .text, .uuid, .decimal, .json: return ColumnType.text.rawValue
            case .bytes, .any: return ColumnType.blob.rawValue
            }
        case .postgres:
            switch type {
            case .integer: return "bigint"
            case .double: return "double precision"
            case .boolean: return "boolean"
            case .text, .any: return "text"
            case .bytes: return "bytea"
            case .date: return "timestamptz"
            case .uuid: return "uuid"
            case .decimal: return "numeric"
            case .json: return "jsonb"
            }
        }
    }

    /// The literal for `value` in a column of stored type `type` (a `DEFAULT` clause): on
    /// PostgreSQL a `Bool` column's 0 or 1 is `false` or `true` and a `Date` column's seconds are a
    /// `timestamptz` to the microsecond; everything else as ``literal(_:)`` writes it.
    public func literal(_ value: SQLValue, as type: StoredType) -> String {
        guard kind == .postgres else {
            return literal(value)
        }
        switch (type, value) {
        case (.boolean, .integer(let integer)):
            return integer != 0 ? "true" : "false"
        case (.date, .real(let seconds)):
            return Self.postgresText(PGTimestampText.text(Date(timeIntervalSince1970: seconds)))
        case (.date, .integer(let seconds)):
            return Self.postgresText(PGTimestampText.text(Date(timeIntervalSince1970: Double(seconds))))
        default:
            return literal(value)
        }
    }
}
