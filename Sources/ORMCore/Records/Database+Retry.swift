#if canImport(Glibc)
    import Glibc
#endif

extension Database {
    /// Runs `body` in a transaction as ``transaction(_:)`` does, and runs it again when the
    /// transaction failed in a way that wrote nothing: the connection was lost before `COMMIT`
    /// was sent (a failover, a server restart: the transaction died with the session), or the
    /// error ``DatabaseError/isRetryable`` (a serialization failure or deadlock on PostgreSQL, a
    /// `COMMIT` whose answer was lost and that the server says did not commit). A `COMMIT` whose
    /// answer was lost and that did commit is not run again: the call returns as committed.
    ///
    /// ```swift
    /// try db.transaction(retryingFor: .seconds(30)) { _ in
    ///     let account = try Account.fetch(id: 7)
    ///     account.balance -= 10
    ///     try account.commit()
    /// }
    /// ```
    ///
    /// Between attempts the objects are as the rollback left them (as before the transaction), so
    /// `body` starts from the same state each time. It is tried again until `limit` has passed
    /// since the first attempt, waiting a little longer each time (a failover takes seconds).
    ///
    /// - Throws: the last attempt's error, or the first one that is not retryable.
    @discardableResult
    public func transaction<T>(retryingFor limit: Duration, _ body: (Transaction) throws -> T) throws -> T {
        let deadline = ContinuousClock.now + limit
        var pauseMicroseconds: UInt32 = 50_000
        while true {
            var reachedCommit = false
            do {
                return try transaction { transaction in
                    let result = try body(transaction)
                    reachedCommit = true
                    return result
                }
            } catch let error as any DatabaseError {
                let lostBeforeCommit = !reachedCommit && Self.isConnectionLoss(error)
                guard error.isRetryable || lostBeforeCommit, ContinuousClock.now < deadline else {
                    throw error
                }
                usleep(pauseMicroseconds)
                pauseMicroseconds = min(pauseMicroseconds * 2, 1_000_000)
            }
        }
    }

    /// Whether `error` says the session with the server was lost or could not be made.
    private static func isConnectionLoss(_ error: any DatabaseError) -> Bool {
        (error as? PostgresDatabaseError)?.isConnectionLost ?? false
    }
}
