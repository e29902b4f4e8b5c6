import ORMCore

extension GridValue {
    /// The value as plain text, the way SQLite's `CAST(x AS TEXT)` gives it (NULL is empty, a
    /// BLOB is hexadecimal); nil for a value of which only a prefix was kept.
    var plainText: String? {
        switch self {
        case .null: ""
        case .integer(let integer): String(integer)
        case .real(let real): String(real)
        case .text(let text), .decimal(let text): text
        case .longText: nil
        case .blob(let byteCount, let prefix):
            byteCount == prefix.count ? Hex.encode(prefix) : nil
        }
    }
}
