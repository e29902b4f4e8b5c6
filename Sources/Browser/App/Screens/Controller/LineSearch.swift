/// Finds text in the lines of a text screen (schema, pending changes, help), as `less` does:
/// from a line onwards (or backwards), wrapping around the ends, case ignored.
enum LineSearch {
    /// Where a search landed.
    struct Match: Equatable, Sendable {
        /// The index of the line holding the text.
        var line: Int
        /// Whether the search went past the end (or the start) to find it.
        var wrapped: Bool
    }

    /// The first line at or after `start` (at or before it when `forward` is false) that contains
    /// `text`, wrapping around; nil when no line does.
    static func find(_ text: String, in lines: [String], from start: Int, forward: Bool) -> Match? {
        guard !lines.isEmpty, !text.isEmpty else {
            return nil
        }
        let first = min(max(0, start), lines.count - 1)
        for step in 0..<lines.count {
            let raw = forward ? first + step : first - step
            let line = (raw % lines.count + lines.count) % lines.count
            if lines[line].range(ofIgnoringCase: text, from: lines[line].startIndex) != nil {
                return Match(line: line, wrapped: forward ? raw >= lines.count : raw < 0)
            }
        }
        return nil
    }
}
