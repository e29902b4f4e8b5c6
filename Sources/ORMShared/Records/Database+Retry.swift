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
    /// since the first attempt. The pause between attempts grows (50 ms, 100 ms, 200 ms) but never
    /// exceeds 250 ms (``retryPause(afterAttempt:)``): during a failover each attempt looks for a
    /// server that takes writes again, so the first commit on the new primary comes within a
    /// quarter of a second (and the time an attempt takes) of it taking writes.
    ///
    /// - Throws: the last attempt's error, or the first one that is not retryable.
    @discardableResult
    public func transaction<T>(retryingFor limit: Duration, _ body: (Transaction) throws -> T) throws -> T {
        let deadline = ContinuousClock.now + limit
        var attempt = 0
        while true {
            attempt += 1
            var reachedCommit = false
            do {
                return try transaction { transaction in
                    let result = try body(transaction)
                    reachedCommit = true
                    return result
                }
            } catch let error as any DatabaseError {
                let lostBeforeCommit = !reachedCommit && error.isConnectionLost
                guard error.isRetryable || lostBeforeCommit, ContinuousClock.now < deadline else {
                    throw error
                }
                let pause = Self.retryPause(afterAttempt: attempt)
                usleep(UInt32(pause.components.seconds * 1_000_000 + pause.components.attoseconds / 1_000_000_000_000))
            }
        }
    }

    /// The longest pause of ``transaction(retryingFor:_:)`` between two attempts.
    public static let longestRetryPause: Duration = .milliseconds(250)

    /// The pause ``transaction(retryingFor:_:)`` takes after failed attempt `attempt` (from 1)
    /// before the next: 50 ms, doubled after each attempt, at most ``longestRetryPause``.
    ///
    /// ```swift
    /// (1...5).map(Database.retryPause(afterAttempt:))   // 50, 100, 200, 250, 250 ms
    /// ```
    public static func retryPause(afterAttempt attempt: Int) -> Duration {
        let doublings = min(max(attempt, 1) - 1, 8)
        return min(.milliseconds(50 << doublings), longestRetryPause)
    }
}
