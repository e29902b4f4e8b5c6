/// What a long value read in pieces or cut is, whichever database holds it: a text (its UTF-8
/// bytes) or a blob (SQLite's BLOB, PostgreSQL's `bytea`).
public enum LongValueKind: Sendable, Equatable {
    /// A text.
    case text
    /// A blob.
    case blob
}
