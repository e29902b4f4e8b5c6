/// Text attributes a cell can carry, combinable as a set.
struct Attributes: OptionSet, Hashable, Sendable {
    /// The raw bits.
    let rawValue: UInt8

    /// Creates attributes from raw bits.
    init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// Bold (or bright) text.
    static let bold = Attributes(rawValue: 1 << 0)
    /// Dim (faint) text.
    static let dim = Attributes(rawValue: 1 << 1)
    /// Italic text.
    static let italic = Attributes(rawValue: 1 << 2)
    /// Underlined text.
    static let underline = Attributes(rawValue: 1 << 3)
    /// Foreground and background swapped.
    static let reverse = Attributes(rawValue: 1 << 4)

    /// Every attribute with its theme-file name, in a stable order.
    static let named: [(name: String, attribute: Attributes)] = [
        ("bold", .bold), ("dim", .dim), ("italic", .italic), ("underline", .underline), ("reverse", .reverse),
    ]
}
