/// A `Ctrl-R` search of the prompt's history, as readline's reverse incremental search: the text
/// typed narrows it to the newest entry that holds it (ignoring case), `Ctrl-R` again goes to an
/// older one.
struct HistorySearch: Sendable {
    /// The text searched for.
    var query = ""
    /// The entry found (an index of the history), nil before any.
    var match: Int?
    /// Whether the last search found nothing (the entry found before stays shown).
    var failing = false
    /// The text and cursor before the search, which Esc gives back.
    var original: String
    var originalCursor: Int

    /// The label drawn before the prompt's own.
    var label: String {
        (failing ? "(failing reverse-i-search '" : "(reverse-i-search '") + Sanitizer.sanitize(query) + "') "
    }

    /// The newest entry of `history` from `start` back that holds ``query`` and differs from
    /// `skipping`.
    func find(in history: [String], from start: Int, skipping: String? = nil) -> Int? {
        guard start >= 0, !history.isEmpty else {
            return nil
        }
        let needle = TextFold.fold(query)
        for index in stride(from: min(start, history.count - 1), through: 0, by: -1) where history[index] != skipping {
            if needle.isEmpty || TextFold.fold(history[index]).contains(needle) {
                return index
            }
        }
        return nil
    }

    /// Where ``query`` starts in `entry`, in characters (0 when it is not there).
    func position(in entry: String) -> Int {
        let folded = TextFold.fold(entry)
        let needle = TextFold.fold(query)
        guard !needle.isEmpty, folded.count == entry.count, let range = folded.firstRange(of: needle) else {
            return 0
        }
        return folded.distance(from: folded.startIndex, to: range.lowerBound)
    }
}
