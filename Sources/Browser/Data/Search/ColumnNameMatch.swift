/// Finds a column by name for `gc`: the name itself (ignoring case) first, else the names a
/// pattern matches (ignoring case, ``RegularExpression``'s syntax), the next after the cursor.
///
/// ```swift
/// let match = try ColumnNameMatch("^bill")
/// match.next(in: ["id", "BillingCity", "BillingState"], after: 1)  // 2
/// ```
struct ColumnNameMatch: Sendable {
    /// The name or pattern as typed.
    let pattern: String
    /// The pattern compiled.
    private let expression: RegularExpression

    /// A match for `pattern`.
    ///
    /// - Throws: ``RegularExpressionError`` when it is not a valid pattern.
    init(_ pattern: String) throws {
        self.pattern = pattern
        do {
            expression = try RegularExpression(pattern.hasPrefix("(?i)") ? pattern : "(?i)" + pattern)
        } catch let error as RegularExpressionError {
            throw RegularExpressionError(pattern: pattern, reason: error.reason)
        }
    }

    /// The index of the column named `pattern` (ignoring case) if there is one; else the first
    /// column after `current` (wrapping around, `current` itself last) whose name matches.
    func next(in names: [String], after current: Int) -> Int? {
        let folded = TextFold.fold(pattern)
        if let exact = names.firstIndex(where: { TextFold.fold($0) == folded }), exact != current {
            return exact
        }
        guard !names.isEmpty else {
            return nil
        }
        let start = min(max(0, current), names.count - 1)
        let order = Array(names.indices[(start + 1)...]) + Array(names.indices[...start])
        return order.first { expression.matches(names[$0]) }
    }
}
