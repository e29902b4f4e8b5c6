/// The handle a transaction's body receives.
///
/// ```swift
/// try db.transaction { tx in
///     try from.commit()
///     if balance < 0 { try tx.fail("overdrawn") }   // rolls everything back
/// }
/// ```
public struct Transaction {
    /// The database the transaction runs on.
    public let database: Database
    package let frame: TransactionFrame

    /// Fails this transaction on purpose: everything it did is rolled back, including the persistence
    /// state of the objects it wrote, and ``Database/transaction(_:)`` throws
    /// ``ORMError/transactionFailed(reason:)``.
    ///
    /// It fails this transaction even when its body catches the error. It fails no enclosing one: a
    /// caller that catches the error of an inner transaction failed this way goes on, as after any
    /// other error (see ``Database/transaction(_:)``).
    public func fail(_ reason: String = "failed on purpose") throws -> Never {
        let error = ORMError.transactionFailed(reason: reason)
        if frame.failure == nil { frame.failure = error }
        throw error
    }
}
