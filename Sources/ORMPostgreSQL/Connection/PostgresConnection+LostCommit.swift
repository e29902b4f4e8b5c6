import PostgresClient
import ORMShared

#if canImport(Glibc)
    import Glibc
#endif

// A `COMMIT` whose answer was lost with the connection (the primary died, the network failed):
// decided exactly by asking the server that takes writes now whether the transaction committed
// (`txid_status`), never guessed, never committed twice.

extension PostgresConnection {
    /// How long a lost commit's outcome is asked for while no server takes writes (a failover in
    /// progress) before it is reported unknown.
    static let lostCommitPatience: Duration = .seconds(60)

    /// `BEGIN` and the new transaction's id in one round trip (`txid_current()` gives it an id
    /// at once, which any transaction that writes gets anyway).
    func beginNotingTransactionID() throws {
        let script = "BEGIN; SELECT pg_catalog.txid_current()"
        try willRun(script)
        let result = try Self.wrapping { try client.executeScript(script) }
        transactionID = result.first?.text(at: 0).flatMap { Int64($0) }
    }

    /// Decides the outcome of transaction `id`, whose `COMMIT` was sent and whose answer was lost
    /// (`lost`): connects again (to whichever server takes writes now) and asks. Returns when it
    /// committed.
    ///
    /// - Throws: ``PostgresDatabaseError`` saying it did not commit (the transaction may be run
    ///   again: ``DatabaseError/isRetryable``), or that the outcome cannot be known (the server
    ///   cannot be reached, or no longer knows the id).
    func decideLostCommit(of id: Int64, lost: PostgresDatabaseError) throws {
        let deadline = ContinuousClock.now + Self.lostCommitPatience
        while true {
            switch try? askOutcome(of: id) {
            case .committed?:
                return
            case .notCommitted?:
                throw PostgresDatabaseError(PGError(
                    kind: .connection,
                    message: "the connection was lost during COMMIT, and the server says transaction \(id) did not "
                        + "commit: nothing of it was written, and it can be run again",
                    sqlState: "40003", sql: "COMMIT"), retryable: true)
            case .unknowable?:
                throw PostgresDatabaseError(PGError(
                    kind: .connection,
                    message: "the connection was lost during COMMIT, and the server no longer knows whether "
                        + "transaction \(id) committed", sqlState: "40003", sql: "COMMIT"))
            case nil:
                guard ContinuousClock.now < deadline else {
                    throw PostgresDatabaseError(PGError(
                        kind: .connection,
                        message: "the connection was lost during COMMIT, and no server could be asked whether "
                            + "transaction \(id) committed: \(lost.message)", sqlState: "40003", sql: "COMMIT"))
                }
                // No server takes writes yet: a failover takes seconds.
                usleep(200_000)
            }
        }
    }

    /// What the server says of a transaction.
    private enum LostCommitOutcome {
        case committed, notCommitted, unknowable
    }

    /// Connects again when needed and asks `txid_status`; an id the server never saw (it is past
    /// the server's next one: its commit never reached the promoted standby) did not commit there.
    ///
    /// - Throws: when no server could be asked, or the transaction is still in progress (its
    ///   session not yet ended by the server).
    private func askOutcome(of id: Int64) throws -> LostCommitOutcome {
        try reconnectIfLost()
        do {
            let result = try Self.wrapping {
                try client.execute("SELECT pg_catalog.txid_status($1)", [.text(String(id))])
            }
            switch result.first?.text(at: 0) {
            case "committed": return .committed
            case "aborted": return .notCommitted
            case nil: return .unknowable
            default: throw PostgresDatabaseError(PGError(kind: .server, message: "still in progress"))
            }
        } catch let error as PostgresDatabaseError where error.underlying.sqlState == "22023" {
            // "transaction ID … is in the future": this server never had it.
            return .notCommitted
        }
    }
}
