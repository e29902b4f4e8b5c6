import CSQLite

// What the trial connection (`TrialConnection`) asks of SQLite.

extension Connection {
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
