/// Work ORMCore stopped before handing it to the database, the same error on every database:
/// the trial connection was busy with another thread's check, or the work's ``Interruption``
/// had been interrupted before it began. A ``DatabaseError``, so that `isBusy` and
/// `isInterrupted` tell it as they tell SQLite's and PostgreSQL's own errors.
///
/// ```swift
/// catch let error as any DatabaseError where error.isBusy { /* try again later */ }
/// ```
public struct WorkNotStarted: DatabaseError, Equatable {
    /// Why the work did not start.
    public enum Reason: Sendable, Hashable {
        /// Another thread held what the work needs and the caller would not wait (another check
        /// running on the trial connection).
        case busy
        /// The work's ``Interruption`` was interrupted before the work began.
        case interrupted
    }

    /// Why the work did not start.
    public let reason: Reason
    /// What stopped it, in words: `another check is running`, `interrupted`.
    public let message: String

    /// An error for work stopped for `reason`, described by `message`.
    public init(_ reason: Reason, message: String) {
        self.reason = reason
        self.message = message
    }

    /// Nothing was run.
    public var sql: String? { nil }
    /// Not a constraint's failure.
    public var isUniqueViolation: Bool { false }
    /// Not a constraint's failure.
    public var isPrimaryKeyViolation: Bool { false }
    /// Not a constraint's failure.
    public var uniqueViolation: UniqueViolation? { nil }
    /// Whether another thread held what the work needs.
    public var isBusy: Bool { reason == .busy }
    /// Whether the work's interruption came first.
    public var isInterrupted: Bool { reason == .interrupted }

    /// Always: the work was not run at all.
    public var isSessionFailure: Bool { true }
    /// The message.
    public var description: String { message }
}
