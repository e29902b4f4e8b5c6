/// Where a connection stands with respect to transactions (`PQtransactionStatus`).
public enum PGTransactionStatus: Sendable, Equatable {
    /// No transaction is open.
    case idle
    /// A statement is running.
    case active
    /// Inside a transaction block that is still good.
    case inTransaction
    /// Inside a transaction block that failed: only `ROLLBACK` helps.
    case inFailedTransaction
    /// The connection is bad.
    case unknown
}
