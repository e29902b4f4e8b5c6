/// One value shown in the grid.
enum GridValue: Hashable, Sendable {
    /// SQL NULL, shown as ∅.
    case null
    /// An integer.
    case integer(Int64)
    /// A floating-point number.
    case real(Double)
    /// Text (shown sanitised).
    case text(String)
    /// An exact decimal number as the database wrote it (PostgreSQL's `numeric` and `money`, whose
    /// digits a double would round): drawn as a number, kept as its text.
    case decimal(String)
    /// Text too long to keep whole: its first characters and its full size in bytes. What is
    /// drawn never depends on the size of the whole (`y`, `E`, search and export read it whole).
    case longText(prefix: String, byteCount: Int)
    /// A BLOB: its full size and only its first bytes, enough for a preview.
    case blob(byteCount: Int, prefix: [UInt8])
}

extension GridValue {
    /// Whether only the start of the value is kept (long text, a BLOB's first bytes).
    var isCut: Bool {
        switch self {
        case .longText: true
        case .blob(let byteCount, let prefix): byteCount > prefix.count
        default: false
        }
    }

    /// The value as SQLite's `CAST(x AS TEXT)` gives it, near enough to find text in it: a blob's
    /// kept bytes as UTF-8, NULL as nothing.
    var castText: String {
        switch self {
        case .text(let text), .decimal(let text): text
        case .longText(let prefix, _): prefix
        case .integer(let integer): String(integer)
        case .real(let real): String(real)
        case .blob(_, let prefix): String(decoding: prefix, as: UTF8.self)
        case .null: ""
        }
    }
}
