import ORMShared

/// What a plain read on PostgreSQL does when the server failed it before it handed out a row: run
/// once more, on a new session or on the same one, or fail.
///
/// A plain read is a statement that only reads (``PostgresStatement/readsOnly(_:)``), run on a
/// session whose transactions are all read-only (a reader, or any session of a read-only
/// database: the server itself refuses a write there, so nothing was written whatever the text
/// hides), outside a transaction. Running it again can neither write twice nor show a row twice:
/// none was handed out.
///
/// | the read failed with | outside a transaction | inside one, a write, or rows already out |
/// | --- | --- | --- |
/// | the session lost (``PostgresDatabaseError/isConnectionLost``: the server killed, a failover) | ``reconnect``, then once more | the error |
/// | `40001` on a standby (canceled for a conflict with recovery) | ``runAgain``, once, on the same session | the error |
/// | anything else | the error | the error |
///
/// ```swift
/// PostgresReadRetry.after(lost, onlyReads: true, inTransaction: false, onStandby: false)  // .reconnect
/// ```
enum PostgresReadRetry: Equatable, Sendable {
    /// Connect again through the same connection string (to whichever server the session's role
    /// takes now: one that takes writes for the writer and readers on the primary) and run the
    /// read there once more.
    case reconnect
    /// Run the read once more on the same session: a standby canceled it because replaying the
    /// primary's log needed what the read held (a row version vacuumed away, a lock); the next
    /// run starts after that point of the log.
    case runAgain

    /// What to do after `error` failed a read, nil to throw it.
    ///
    /// - Parameters:
    ///   - onlyReads: the statement only reads, on a session that refuses writes.
    ///   - inTransaction: a transaction was open when it started (it died with it or is aborted:
    ///     the caller must know).
    ///   - onStandby: the session is on a standby (hot standby), as the server reports it
    ///     (`in_hot_standby`, since PostgreSQL 14: an older standby's `40001` is not retried).
    package static func after(
        _ error: PostgresDatabaseError, onlyReads: Bool, inTransaction: Bool, onStandby: Bool
    ) -> PostgresReadRetry? {
        guard onlyReads, !inTransaction else {
            return nil
        }
        if error.isConnectionLost {
            return .reconnect
        }
        if onStandby, error.underlying.sqlState == "40001" {
            return .runAgain
        }
        return nil
    }
}
