// What the columns of a table found at run time store, as far as their declared types tell: the
// builder reads the literals of its text by them, as it does by a model's types.

extension DynamicTable {
    /// The stored type of each of `columns` of `info` (nil where the declaration does not tell).
    ///
    /// On PostgreSQL a column's type is exact: `boolean` is a `Bool`, `timestamptz` a `Date`, and
    /// so on. On SQLite a declaration gives only an affinity, and a `Bool` or a `Date` is a number
    /// there (as ORMCore itself stores them), so only integer, real and text columns are known.
    static func storedTypes(of columns: [String], in info: TableInfo, dialect: SQLDialect.Kind) -> [StoredType?] {
        columns.map { name in
            guard let column = info.column(named: name) else { return nil }
            switch dialect {
            case .postgres: return postgresStoredType(declared: column.declaredType)
            case .sqlite:
                switch column.affinity {
                case .integer: return .integer
                case .real: return .double
                case .text: return .text
                case .blob, .numeric: return nil
                }
            }
        }
    }

    /// What a PostgreSQL column of type `declared` (as the catalog writes it: `integer`,
    /// `character varying(20)`, `timestamp with time zone`) stores; nil for an array or a type
    /// ORMCore has no stored type for.
    static func postgresStoredType(declared: String) -> StoredType? {
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
