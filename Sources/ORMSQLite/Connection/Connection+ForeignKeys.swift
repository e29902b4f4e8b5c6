import ORMShared

// Foreign-key checking on a SQLite connection.

extension Connection {
    /// Checks foreign keys when the open transaction commits rather than after each statement
    /// (`PRAGMA defer_foreign_keys`); SQLite turns it off again when the transaction ends.
    package func deferForeignKeyChecks() throws {
        try execute("PRAGMA defer_foreign_keys = ON")
    }

    /// `PRAGMA defer_foreign_keys` outlives a savepoint's rollback: when it was off before, the
    /// undo turns it off again.
    package func deferForeignKeyChecksUntilRollback() throws -> (() -> Void)? {
        let deferredBefore = try deferForeignKeys()
        return deferredBefore ? nil : { [self] in try? execute("PRAGMA defer_foreign_keys = OFF") }
    }
}
