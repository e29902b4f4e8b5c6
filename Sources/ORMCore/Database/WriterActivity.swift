import Synchronization

/// Counts the writer's outermost uses as they start and finish, so that the watch of other
/// sessions' commits on PostgreSQL can tell a transaction that ended while this database wrote
/// from one that ended while it did not (``PostgresChangeWatch``).
///
/// A commit of the writer happens inside one use: a watch that reads ``finished`` before a look
/// and both counts after the next one knows whether any of the writer's commits could have landed
/// in between.
final class WriterActivity: Sendable {
    private let startedCount = Atomic<UInt64>(0)
    private let finishedCount = Atomic<UInt64>(0)

    /// An outermost use of the writer begins.
    func begin() {
        startedCount.add(1, ordering: .releasing)
    }

    /// An outermost use of the writer ends (after its commit, if it made one).
    func end() {
        finishedCount.add(1, ordering: .releasing)
    }

    /// How many uses started.
    var started: UInt64 { startedCount.load(ordering: .acquiring) }

    /// How many uses finished.
    var finished: UInt64 { finishedCount.load(ordering: .acquiring) }
}
