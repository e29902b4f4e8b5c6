/// The writer connection, its lock, and the actions to run once the outermost write returns.
///
/// What the record layer keeps beside the writer (open transaction frames, the last prepared
/// model) is in ``WriterRecordState``, touched under the same lock.
final class WriterAccess: @unchecked Sendable {
    // Everything but `lock` is read and written only while `lock` is held.
    let lock = ReentrantLock()
    let connection: Connection
    private var afterCommit: [@Sendable () -> Void] = []

    init(connection: Connection) {
        self.connection = connection
    }

    /// Runs `actions` after the outermost write returns, with the lock released.
    func scheduleAfterCommit(_ actions: [@Sendable () -> Void]) {
        afterCommit += actions
    }

    /// The actions scheduled so far, cleared.
    func takeAfterCommitActions() -> [@Sendable () -> Void] {
        defer { afterCommit = [] }
        return afterCommit
    }
}
