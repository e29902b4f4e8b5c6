import Synchronization

/// How many rows a search in the background has checked, over both parts of a ``MatchSearch``
/// (from the cursor to the end, then round from the other end), for the status bar.
///
/// ```swift
/// let progress = SearchProgress()
/// progress.check(262_144)             // told by the search after a statement
/// progress.text(of: 1_000_000)        // "262,144 of 1,000,000 rows"
/// ```
final class SearchProgress: Sendable {
    /// The rows of the parts that ended, and of the part being searched.
    private let counts = Mutex((done: 0, current: 0))

    /// No row checked yet.
    init() {}

    /// Notes that the part being searched has checked `rows` rows so far.
    func check(_ rows: Int) {
        counts.withLock { $0.current = rows }
    }

    /// Notes that the part being searched has ended: its rows count as done.
    func finishPart() {
        counts.withLock { $0 = (done: $0.done + $0.current, current: 0) }
    }

    /// The rows checked so far.
    var checked: Int {
        counts.withLock { $0.done + $0.current }
    }

    /// What the status bar says after the label: `262,144 of 1,000,000 rows` (the rows checked,
    /// of `total` when it is known); nil before the first statement ends.
    func text(of total: Int?) -> String? {
        let checked = checked
        guard checked > 0 else {
            return nil
        }
        return ListWidget.formatCount(checked) + (total.map { " of " + ListWidget.formatCount($0) } ?? "") + " rows"
    }
}
