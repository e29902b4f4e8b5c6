/// The kind of values a grid column holds, which decides alignment and formatting.
enum ColumnKind: Hashable, Sendable {
    /// Integers: right-aligned.
    case integer
    /// Floating-point numbers: right-aligned.
    case real
    /// Text: left-aligned.
    case text
    /// Binary data: size and hex preview.
    case blob
    /// PostgreSQL's `boolean` (read as 1 or 0): `true` or `false`, left-aligned.
    case boolean
    /// PostgreSQL's `numeric` (and `decimal`), read as the server's exact digits in text:
    /// right-aligned as numbers are.
    case decimal
    /// Anything else (no declared type, SQLite's NUMERIC...): left-aligned unless the value is a
    /// number.
    case other
}
