import FoundationEssentials

/// The changes staged on each table until committed or reverted, and those not checked yet
/// because another connection held the write lock when they were staged.
struct StagingState {
    /// The changes staged on each table, by table name.
    var edits: [String: StagedEdits] = [:]
    /// Changes staged while another connection held the write lock, checked once it is free.
    var unchecked: [UncheckedChange] = []
    /// When to try those checks again (nil: on the next tick).
    var nextUncheckedCheck: Date?

    /// The statements a commit would run: one per row changed, inserted or deleted, every table's.
    var pendingCount: Int {
        edits.values.reduce(0) { $0 + $1.count }
    }

    /// The changes staged on table `name` (none when nothing is).
    func edits(of name: String) -> StagedEdits {
        edits[name] ?? StagedEdits()
    }
}
