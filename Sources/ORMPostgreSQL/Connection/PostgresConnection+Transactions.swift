import PostgresClient
import ORMShared

// Transactions and savepoints on PostgreSQL.

extension PostgresConnection {
    /// Whether a transaction is open, also one a failed statement aborted (it waits for a
    /// rollback). While a statement's rows are still coming, whether one was open when it started
    /// (a query outside a transaction runs in one of its own, as SQLite's does in autocommit).
    package var isInTransaction: Bool {
        if !awaitedAnswers.isEmpty { return true }  // sent only inside a transaction
        return switch client.transactionStatus {
        case .inTransaction, .inFailedTransaction: true
        case .active: wasInTransactionAtLastRun
        case .idle, .unknown: false
        }
    }

    /// `BEGIN` for a deferred or immediate transaction (PostgreSQL takes row locks as rows are
    /// written, so both are the same); for a read-only snapshot, `BEGIN ISOLATION LEVEL
    /// REPEATABLE READ READ ONLY` and a first statement at once, in the same round trip, so the
    /// snapshot is the one of `begin` (PostgreSQL takes it at the first statement).
    package func begin(_ kind: TransactionKind) throws {
        switch kind {
        case .deferred, .immediate:
            if decidesLostCommits {
                try beginNotingTransactionID()
            } else {
                try run("BEGIN")
            }
        case .readOnlySnapshot:
            let script = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY; SELECT 1"
            tracer?(script)
            _ = try Self.wrapping { try client.executeScript(script) }
        }
    }

    /// Commits the open transaction.
    ///
    /// - Throws: ``PostgresDatabaseError`` when the server refuses (a deferred constraint); on a
    ///   trial connection, always: its transaction is rolled back instead and nothing reaches the
    ///   database.
    package func commit() throws {
        if refusesCommits {
            try? rollback()
            throw PostgresDatabaseError(PGError(
                kind: .misuse, message: "the trial connection never commits: its transaction was rolled back",
                sql: "COMMIT"))
        }
        try readSentAnswers()
        // COMMIT of an aborted transaction rolls it back and says only `ROLLBACK`: make that an
        // error, as the commit did not happen.
        let aborted = client.transactionStatus == .inFailedTransaction
        let noted = transactionID
        transactionID = nil
        lastCommitConfirmedAfterLoss.store(false, ordering: .relaxed)
        do {
            try run("COMMIT")
        } catch let error as PostgresDatabaseError where error.isConnectionLost && !aborted {
            // The answer was lost with the connection: whether it committed is asked, not guessed.
            guard let noted else { throw error }
            try decideLostCommit(of: noted, lost: error)
            lastCommitConfirmedAfterLoss.store(true, ordering: .relaxed)
            return
        }
        if aborted {
            throw PostgresDatabaseError(PGError(
                kind: .server, message: "the transaction was aborted by a failed statement and has been rolled back",
                sqlState: "25P02", sql: "COMMIT"))
        }
    }

    /// Rolls the open transaction back.
    package func rollback() throws {
        try? readSentAnswers()  // their failure is what is rolled back
        transactionID = nil
        try run("ROLLBACK")
    }

    package func savepoint(_ name: String) throws {
        try run("SAVEPOINT " + dialect.quoteIdentifier(name))
    }

    package func releaseSavepoint(_ name: String) throws {
        try run("RELEASE SAVEPOINT " + dialect.quoteIdentifier(name))
    }

    package func rollback(toSavepoint name: String) throws {
        try? readSentAnswers()
        try run("ROLLBACK TO SAVEPOINT " + dialect.quoteIdentifier(name))
    }
}
