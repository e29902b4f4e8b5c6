extension StringProtocol {
    /// The first range of `needle` in the text at or after `start`, comparing characters without
    /// regard to case; nil when there is none (or `needle` is empty).
    func range(ofIgnoringCase needle: some StringProtocol, from start: Index) -> Range<Index>? {
        let wanted = needle.map { $0.lowercased() }
        guard !wanted.isEmpty else {
            return nil
        }
        var candidate = start
        while candidate < endIndex {
            var cursor = candidate
            var matched = 0
            while matched < wanted.count, cursor < endIndex, self[cursor].lowercased() == wanted[matched] {
                cursor = index(after: cursor)
                matched += 1
            }
            if matched == wanted.count {
                return candidate..<cursor
            }
            candidate = index(after: candidate)
        }
        return nil
    }
}
