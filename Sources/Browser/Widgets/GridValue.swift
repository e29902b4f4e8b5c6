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
