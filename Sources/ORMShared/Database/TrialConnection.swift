/// A connection of its own for trying changes that must never reach the file: checks of staged
/// edits run on it, in a transaction that is always rolled back.
///
/// Nothing it does can change the database file, nor be seen by other connections:
/// - its changes stay in its page cache (`PRAGMA cache_spill = OFF`: dirty pages are never written
///   out before a commit, however many there are);
/// - in rollback-journal mode its journal is kept in memory (no `-journal` file is created), set
///   inside each trial once the file's mode is known, so a WAL file is never converted;
/// - it cannot commit: its commit hook turns every COMMIT (and the RELEASE of an outermost
///   savepoint) into a rollback.
///
/// So the file keeps its bytes, its change counter and `PRAGMA data_version` for everyone else.
///
/// On PostgreSQL the driver opens the trial connection as a session whose commits are refused
/// (``PostgresConnection``'s `refusesCommits`), so the transaction here is always rolled back;
/// the busy timeout is its `lock_timeout` (1 ms for none: the server reads 0 as no limit), and
/// constraints declared `DEFERRABLE` are deferred, as reef's commit defers them.
/// A trial still takes the write lock for as long as it runs (SQLite needs it to run a write at
/// all): one that cannot have it at once either waits the configured busy timeout or fails with
/// `SQLITE_BUSY` at once, as its caller chooses.
package final class TrialConnection: @unchecked Sendable {
    // `connection` is only touched under `lock`; a trial holds the lock while it runs.
    private let lock = Lock<DatabaseConnection?>(nil)
    private let open: @Sendable (_ busyTimeoutMilliseconds: Int32) throws -> DatabaseConnection

    /// A trial connection opened by `open` on first use, given how long it may wait for a lock
    /// then (opening reads the schema).
    package init(open: @escaping @Sendable (_ busyTimeoutMilliseconds: Int32) throws -> DatabaseConnection) {
        self.open = open
    }

    /// Runs `body` in a transaction on the trial connection and rolls it back, whatever happens.
    ///
    /// - Parameters:
    ///   - busyTimeoutMilliseconds: how long to wait for the write lock (0: fail at once).
    ///   - body: the trial, given the connection in a transaction holding the write lock, with
    ///     foreign keys deferred to the end of the transaction.
    /// - Throws: `SQLITE_BUSY` when the write lock is not had in time, or what `body` throws.
    package func run<T>(busyTimeoutMilliseconds: Int32, _ body: (DatabaseConnection) throws -> T) throws -> T {
        try withConnection(busyTimeoutMilliseconds: busyTimeoutMilliseconds) { connection in
            // PostgreSQL's trial session opened its transaction already, to set the lock timeout
            // (it runs nothing outside one): a second BEGIN would only draw the server's warning.
            if !connection.isInTransaction {
                try connection.begin(.immediate)
            }
            defer {
                if connection.isInTransaction { try? connection.rollback() }
            }
            try connection.driverConnection.prepareTrialTransaction()
            return try body(connection)
        }
    }

    /// Runs `body` with the trial connection outside any transaction, for reads that must not wait
    /// longer than `busyTimeoutMilliseconds` for another connection's lock.
    package func read<T>(busyTimeoutMilliseconds: Int32, _ body: (DatabaseConnection) throws -> T) throws -> T {
        try withConnection(busyTimeoutMilliseconds: busyTimeoutMilliseconds, body)
    }

    /// Runs `body` with the connection (opened on first use), interruptible. A caller that may not
    /// wait does not wait for another thread's trial either: it gets ``WorkNotStarted`` (busy) at
    /// once, on every database.
    private func withConnection<T>(busyTimeoutMilliseconds: Int32, _ body: (DatabaseConnection) throws -> T) throws -> T {
        func use(_ slot: inout DatabaseConnection?) throws -> T {
            // A server's session ended since the last trial (a restart): a new one is opened.
            if let kept = slot, kept.isLost { slot = nil }
            let connection = try slot ?? Self.prepare(try open(busyTimeoutMilliseconds))
            slot = connection
            try connection.driverConnection.setLockWait(milliseconds: busyTimeoutMilliseconds)
            return try Interruption.using(connection, body)
        }
        guard busyTimeoutMilliseconds == 0 else { return try lock.withLock(use) }
        guard let result = try lock.withLockIfAvailable(use) else {
            throw WorkNotStarted(.busy, message: "another check is running")
        }
        return result
    }

    /// Makes a fresh connection a trial connection.
    private static func prepare(_ connection: DatabaseConnection) throws -> DatabaseConnection {
        try connection.driverConnection.becomeTrialConnection()
        return connection
    }
}
