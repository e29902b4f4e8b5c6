extension Database {
    /// Runs `body` in a transaction that is rolled back whatever happens: a trial of changes that
    /// must never reach the file.
    ///
    /// For a file it runs on the ``TrialConnection``, so the file stays byte for byte as it was and
    /// other connections see nothing (not even a new `PRAGMA data_version`). It runs on the writer
    /// instead, in a savepoint rolled back at once, for an in-memory database (no other connection
    /// sees it) and inside this thread's own transaction, whose uncommitted changes the trial must
    /// see (they reach the file only when that transaction commits). Foreign keys are deferred to
    /// the end of the trial's transaction.
    ///
    /// - Parameters:
    ///   - waitingForLock: wait up to the configured busy timeout for another connection's write
    ///     lock; false fails with `SQLITE_BUSY` at once.
    /// - Throws: ``ORMError/readOnlyDatabase(path:)``, `SQLITE_BUSY`, or what `body` throws.
    package func trial<T>(waitingForLock: Bool, _ body: (DatabaseConnection) throws -> T) throws -> T {
        if refusesWrites { throw ORMError.readOnlyDatabase(path: core.path) }
        if let trials = core.trials, !writer.lock.isHeldByCurrentThread {
            let timeout = waitingForLock ? configuration.busyTimeoutMilliseconds : 0
            return try trials.run(busyTimeoutMilliseconds: timeout, body)
        }
        return try withWriter { connection in
            let outermost = !connection.isInTransaction
            let mark = writer.changeMark
            let savepoint = "orm_trial"
            if outermost { try connection.begin(.immediate) } else { try connection.savepoint(savepoint) }
            // Ends with the transaction's or the savepoint's rollback, and whatever else it set
            // with the undo it returns.
            let undoDeferral = try connection.driverConnection.deferForeignKeyChecksUntilRollback()
            defer {
                if outermost {
                    // ROLLBACK, never RELEASE: a release would commit the (rolled back) transaction
                    // and bump the file's change counter.
                    if connection.isInTransaction { try? connection.rollback() }
                } else {
                    try? connection.rollback(toSavepoint: savepoint)
                    undoDeferral?()
                    // Before RELEASE, which would otherwise deliver the trial's rows with the
                    // enclosing transaction's.
                    writer.discardChanges(after: mark)
                    try? connection.releaseSavepoint(savepoint)
                }
            }
            return try body(connection)
        }
    }

    /// Runs `body` with a connection that sees committed data, waiting for another connection's
    /// lock no longer than the configured busy timeout, or not at all.
    package func read<T>(waitingForLock: Bool, _ body: (DatabaseConnection) throws -> T) throws -> T {
        if waitingForLock || writer.lock.isHeldByCurrentThread { return try read(body) }
        guard let trials = core.trials else { return try read(body) }
        return try trials.read(busyTimeoutMilliseconds: 0, body)
    }
}
