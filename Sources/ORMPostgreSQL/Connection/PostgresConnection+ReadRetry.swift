import PostgresClient
import ORMShared

// The one place a plain read on PostgreSQL is run again (``PostgresReadRetry``): here when
// preparing it found the session lost, in ``PostgresStatement/step()`` when its run failed before
// its first row.

extension PostgresConnection {
    /// What to do after `error` failed a statement on this connection that started outside a
    /// transaction or not (`inTransaction`); `readsOnly` says whether its words only read.
    func readRetry(after error: PostgresDatabaseError, readsOnly: Bool, inTransaction: Bool) -> PostgresReadRetry? {
        PostgresReadRetry.after(error, onlyReads: refusesWrites && readsOnly, inTransaction: inTransaction, onStandby: isStandby)
    }

    /// Prepares `text` on the server; when the session was found lost meanwhile, outside a
    /// transaction, on a session that refuses writes and for a statement that only reads
    /// (`readsOnly`, judged only then), connects again and prepares it once more there.
    ///
    /// - Throws: ``PostgresDatabaseError``: the server's, or the reconnection's.
    func preparedOnServer(_ text: String, readsOnly: @autoclosure () -> Bool) throws -> PGPreparedStatement {
        // Asked before: a lost session knows no transaction state.
        let inTransaction = isInTransaction
        do {
            return try Self.wrapping { try client.prepare(text) }
        } catch let error as PostgresDatabaseError {
            guard readRetry(after: error, readsOnly: readsOnly(), inTransaction: inTransaction) == .reconnect else {
                throw error
            }
            try reconnect()
            return try Self.wrapping { try client.prepare(text) }
        }
    }
}

extension PostgresConnection {
    /// Runs `body`, a read of the catalog (through ``introspector``, whose answer is handed out
    /// only at its end); when it found the session lost, outside a transaction, on a session that
    /// refuses writes, connects again and runs it once more there (``PostgresReadRetry``).
    ///
    /// - Throws: what `body` throws, or the reconnection's ``PostgresDatabaseError``.
    func readingCatalog<T>(_ body: () throws -> T) throws -> T {
        // Asked before: a lost session knows no transaction state.
        let inTransaction = isInTransaction
        do {
            return try body()
        } catch {
            let failure = (error as? PostgresDatabaseError) ?? (error as? PGError).map { PostgresDatabaseError($0) }
            guard let failure, readRetry(after: failure, readsOnly: true, inTransaction: inTransaction) == .reconnect else {
                throw error
            }
            try reconnect()
            return try body()
        }
    }
}
