/// A staged change SQLite has not judged yet: another connection held the write lock when it was
/// staged. It is checked once the lock is free, and taken back if SQLite refuses it then.
struct UncheckedChange: Sendable {
    /// The table it changes.
    var table: String
    /// The change as staged (a batch for the deletion of several rows).
    var change: StagedEdit
}
