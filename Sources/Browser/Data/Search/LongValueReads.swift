/// How a search reaches the long values of a SQLite table with a rowid without loading them
/// whole: by rowid, 64 KiB at a time (``ORMCore/ValueContains``), instead of in the statement's
/// row, where SQLite 3.40 loads a value whole for `LIKE`, `lower()` or `substr()`.
struct LongValueReads: Sendable, Equatable {
    /// The table's name.
    var table: String
    /// Its rowid's name (the integer key).
    var rowID: String
    /// Whether texts are read that way too. Every text pays about half a microsecond for it, so
    /// only a table holding values too long for their page (SQLite's overflow pages) does; in
    /// another, each text is tested with `LIKE` in place, several times faster. Blobs over
    /// ``TextFold/longBlobBytes`` are always read by rowid (`length()` of a blob loads nothing).
    var texts: Bool
}
