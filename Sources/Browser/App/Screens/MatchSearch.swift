import Synchronization

/// One press of `n` or `N` (or a new `/` search): where to look for the text, and in what order.
///
/// It looks from the row after the cursor to the end, then wraps from the top back to the cursor
/// (the other way for a backward search), so a miss reads every row once, not twice.
struct MatchSearch: Sendable {
    /// A match and whether the search wrapped around an end to reach it.
    struct Match: Sendable {
        let row: Int
        let wrapped: Bool
    }

    /// The text searched for.
    let text: String
    /// The cursor's row.
    let from: Int
    /// Whether the search goes down.
    let forward: Bool

    /// Runs the search with `find`, which looks for the text in a range of rows in a direction.
    func run(_ find: (Range<Int>, Bool) throws -> Int?) throws -> Match? {
        let cursor = max(0, from)
        let ahead = forward ? (cursor + 1)..<Int.max : 0..<cursor
        if let row = try find(ahead, forward) {
            return Match(row: row, wrapped: false)
        }
        let behind = forward ? 0..<(cursor + 1) : cursor..<Int.max
        return try find(behind, forward).map { Match(row: $0, wrapped: true) }
    }
}

/// A flag set once to ask background work to stop.
final class StopFlag: Sendable {
    private let isSet = Mutex(false)

    /// Asks the work to stop.
    func set() {
        isSet.withLock { $0 = true }
    }

    /// Whether stopping was asked for.
    var isRaised: Bool {
        isSet.withLock { $0 }
    }
}
