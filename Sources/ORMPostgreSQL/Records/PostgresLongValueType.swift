import ORMShared

/// Which PostgreSQL columns can hold a long value that is cut or read in pieces on the server
/// (`ServerValueCut`, ``ServerValuePieces``): those whose declared type is `text`, `varchar`,
/// `char` or `bytea` (with or without a length), which `octet_length` and `substr` take. Arrays,
/// domains and other types are read as they are.
///
/// ```swift
/// PostgresLongValueType.kind(of: "character varying(20)")  // .text
/// PostgresLongValueType.kind(of: "text[]")                 // nil
/// ```
public enum PostgresLongValueType {
    /// `.text` or `.blob` for a column of `declaredType` (as the catalog names it) that can hold
    /// a long value, nil for any other.
    public static func kind(of declaredType: String) -> LongValueKind? {
        var base = declaredType.lowercased().prefix { $0 != "(" }
        while base.last == " " { base = base.dropLast() }
        switch base {
        case "bytea": return .blob
        case "text", "character varying", "varchar", "character", "char", "bpchar": return .text
        default: return nil
        }
    }
}
