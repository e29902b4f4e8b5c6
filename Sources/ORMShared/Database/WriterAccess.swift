/// The writer connection, its lock, what it wrote (where the database does not report it), and the
/// actions to run once the outermost write returns.
///
/// What the record layer keeps beside the writer (open transaction frames, the last prepared
/// model) is in ``WriterRecordState``, touched under the same lock.
package final class WriterAccess: @unchecked Sendable {
    // Everything but `lock` is read and written only while `lock` is held.
    package let lock = ReentrantLock()
    package let connection: DatabaseConnection
    /// What ORMCore wrote, where the driver's ``ChangeSource`` is ``ChangeSource/recordedWrites``;
    /// nil where the connection's hooks report changes (SQLite).
    package let recordedChanges: RecordedChanges?
    private var afterCommit: [@Sendable () -> Void] = []
    /// The writer's statements that may commit, counted on PostgreSQL, where the watch of other
    /// sessions' commits must tell its own apart (nil on SQLite, whose watch needs no count).
    package let activity: WriterActivity?

    /// Whether the writer's session with a server may be lost between writes (then it is connected
    /// again before the next outermost write); false for a file.
    let mayLoseSession: Bool

    package init(connection: DatabaseConnection, recordedChanges: RecordedChanges? = nil) {
        self.connection = connection
        activity = connection.driverConnection.countWriterActivity()
        mayLoseSession = connection.driverConnection.hasSession
        self.recordedChanges = recordedChanges
    }

    /// Runs `actions` after the outermost write returns, with the lock released.
    package func scheduleAfterCommit(_ actions: [@Sendable () -> Void]) {
        afterCommit += actions
    }

    /// The actions scheduled so far, cleared.
    func takeAfterCommitActions() -> [@Sendable () -> Void] {
        defer { afterCommit = [] }
        return afterCommit
    }

    // MARK: - Changes, from either source

    /// The changes committed since the last call, from the connection's hooks or the writes
    /// recorded.
    package func takeCommittedChanges() -> ChangeSet {
        if let recordedChanges { return recordedChanges.takeCommitted(inTransaction: connection.isInTransaction) }
        return connection.driverConnection.takeCommittedChanges()
    }

    /// Where the pending changes stand (a transaction or savepoint begins).
    var changeMark: ChangeSet.Mark {
        recordedChanges?.mark ?? connection.driverConnection.pendingMark
    }

    /// Forgets the pending changes since `mark` (a savepoint was rolled back).
    func discardChanges(after mark: ChangeSet.Mark) {
        if let recordedChanges {
            recordedChanges.discard(after: mark)
        } else {
            connection.driverConnection.discardPendingChanges(after: mark)
        }
    }

    /// Forgets every pending change: the transaction was rolled back (SQLite's rollback hook does
    /// this for the hooks' changes).
    package func discardPendingChanges() {
        recordedChanges?.discardPending()
    }
}
