import CSQLite
import ORMShared

// What the trial connection (`TrialConnection`) asks of SQLite.

extension Connection {
    package func becomeTrialConnection() throws {
        try execute("PRAGMA cache_spill = OFF")
        try execute("PRAGMA temp_store = MEMORY")
        refuseCommits()
    }

    package func setLockWait(milliseconds: Int32) throws {
        setBusyTimeout(milliseconds: milliseconds)
    }

    package func prepareTrialTransaction() throws {
        // The file's journal mode is known now (the lock read its header): only a rollback
        // journal is moved to memory; asking a WAL file would try to convert it.
        if try !isInWALMode() {
            try execute("PRAGMA journal_mode = MEMORY")
        }
        try execute("PRAGMA defer_foreign_keys = ON")
    }

    /// Installs a commit hook that turns every commit into a rollback: the connection can change
    /// nothing for good.
    func refuseCommits() {
        sqlite3_commit_hook(handle, { _ in 1 }, nil)
    }

    /// Whether changes made in the current transaction leave foreign keys unresolved (as the
    /// transaction's COMMIT would find them with deferred foreign keys).
    var hasUnresolvedForeignKeys: Bool {
        var current: Int32 = 0
        var highest: Int32 = 0
        sqlite3_db_status(handle, SQLITE_DBSTATUS_DEFERRED_FKS, &current, &highest, 0)
        return current != 0
    }
}
