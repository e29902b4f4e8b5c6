/// A value sent for a `$n` placeholder: NULL, text (which the server parses by the parameter's type)
/// or raw bytes (sent in binary format, for `bytea`).
public enum PGParameter: Sendable, Hashable {
    /// SQL NULL.
    case null
    /// A value in PostgreSQL's text form (`42`, `3.5`, `t`, `2024-01-05`, `{1,2}`).
    case text(String)
    /// Raw bytes, sent in binary format: the server takes them as they are for `bytea`.
    case bytes([UInt8])
}
