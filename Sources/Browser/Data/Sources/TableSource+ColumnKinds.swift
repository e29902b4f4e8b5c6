import ORMCore

extension TableSource {
    /// The grid column kind for a declared column type: on SQLite by its affinity rules (a column
    /// declared `BOOLEAN` holds numbers there), on PostgreSQL by the type's name
    /// (``postgresKind(ofType:)``).
    static func kind(ofDeclaredType declared: String, on database: SQLDialect.Kind = .sqlite) -> ColumnKind {
        if database == .postgres {
            return postgresKind(ofType: declared)
        }
        if declared.isEmpty {
            return .other
        }
        switch ColumnType(affinityOf: declared) {
        case .integer: return .integer
        case .real: return .real
        case .text: return .text
        case .blob: return .blob
        case .numeric: return .other
        }
    }

    /// The grid column kind of a PostgreSQL column of type `type` (as `format_type` writes it):
    /// integers, floating-point numbers, `boolean`, `bytea`, `numeric` (read as the server's text:
    /// exact digits, not a `Double`, but aligned as a number), and text for every other type, whose
    /// values reef reads as the server's text. SQLite's
    /// affinity rule would read `interval` and `point` as integers (they hold "INT") and
    /// `integer[]` too.
    static func postgresKind(ofType type: String) -> ColumnKind {
        switch type.lowercased() {
        case "smallint", "integer", "bigint", "int2", "int4", "int8", "oid", "xid", "cid":
            .integer
        case "real", "double precision", "float4", "float8":
            .real
        case "boolean", "bool":
            .boolean
        case "bytea":
            .blob
        case let name where name.hasPrefix("numeric") || name.hasPrefix("decimal"):
            .decimal
        default:
            .text
        }
    }
}
