/// Small text helpers the package needs without Foundation (whose internationalisation libraries
/// cost a terminal program several megabytes of memory).
extension StringProtocol {
    /// The text without leading and trailing whitespace (spaces, tabs, line breaks).
    package var trimmedWhitespace: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
            let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[first...last])
    }

    /// The text with zeros in front up to `width` characters.
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: Swift.max(0, width - count)) + self
    }

    /// Whether the text equals `other`, ignoring case.
    package func equalsIgnoringCase(_ other: some StringProtocol) -> Bool {
        lowercased() == other.lowercased()
    }
}
