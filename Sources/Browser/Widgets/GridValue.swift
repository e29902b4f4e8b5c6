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
    /// A BLOB: its full size and only its first bytes, enough for a preview.
    case blob(byteCount: Int, prefix: [UInt8])
}

extension GridValue {
    /// The value as SQLite's `CAST(x AS TEXT)` gives it, near enough to find text in it: a blob's
    /// kept bytes as UTF-8, NULL as nothing.
    var castText: String {
        switch self {
        case .text(let text): text
        case .integer(let integer): String(integer)
        case .real(let real): String(real)
        case .blob(_, let prefix): String(decoding: prefix, as: UTF8.self)
        case .null: ""
        }
    }
}
