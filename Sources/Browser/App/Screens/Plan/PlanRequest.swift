/// A plan asked for at the SQL prompt (`Ctrl-P`) or on the plan screen (`Ctrl-P` again, to
/// analyze): the statement under the cursor, where it came from, and where the cursor was, so the
/// editor opens again as it was left.
struct PlanRequest: Sendable {
    /// The statement explained, as typed.
    var statement: String
    /// The editor's whole text, and where the statement starts in it.
    var origin: StatementOrigin
    /// Where the editor's cursor was, in characters.
    var cursor: Int
    /// Whether the statement runs to measure its plan (`EXPLAIN ANALYZE`).
    var analyze: Bool
}
