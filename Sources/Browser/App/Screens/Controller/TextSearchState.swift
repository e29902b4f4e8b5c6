/// What a text screen remembers of its searches (`/`, `n`, `N`): the text searched for last, marked
/// where it occurs, and the line the last search found, where `n` and `N` go on from.
struct TextSearchState: Equatable, Sendable {
    /// The text searched for last.
    var text: String?
    /// The display line the last search found.
    var matchLine: Int?

    /// Searches `lines` for `text` (nil: the text searched for last) as `less` does, from the
    /// first line shown (`scroll`) or, `again`, from the line after the last match (before it,
    /// backwards), around the ends. Returns the line found and what the status bar says, or only
    /// what it says when nothing was found.
    mutating func find(_ text: String?, in lines: [String], scroll: Int, forward: Bool,
                       again: Bool) -> (line: Int?, message: StatusMessage) {
        guard let text = text ?? self.text, !text.isEmpty else {
            return (nil, .error("no search yet: press / to search"))
        }
        let start = again ? (matchLine ?? scroll) + (forward ? 1 : -1) : scroll
        guard let match = LineSearch.find(text, in: lines, from: start, forward: forward) else {
            return (nil, .error("not found: \(Sanitizer.sanitize(text))"))
        }
        self.text = text
        matchLine = match.line
        let message: StatusMessage = match.wrapped
            ? .info(forward ? "search hit BOTTOM, continuing at TOP" : "search hit TOP, continuing at BOTTOM")
            : .info("/\(Sanitizer.sanitize(text))  line \(match.line + 1)")
        return (match.line, message)
    }
}
