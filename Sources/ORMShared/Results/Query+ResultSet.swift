// A query's result set is built on the query (a batched set re-runs it window by window), so what
// makes one from a query lives here, in the layer above queries.

extension Query {
    /// The matching records. Without ``batch(_:)`` every record is loaded now; with it they load in
    /// windows as the result set is walked.
    ///
    /// - Throws: the database's error, or ``ORMError/invalidQuery(_:)``; batched, the error of its
    ///   first window, which is read now (a query the database refuses is an error, never an
    ///   empty set).
    public func fetch() throws -> ResultSet<Record> {
        let database = try target()
        try decoder.prepare(database)
        if let batchSize {
            let batched = BatchedRecords(query: self, database: database, windowSize: batchSize)
            if let error = batched.firstWindowError { throw error }
            return ResultSet(batched: batched)
        }
        return ResultSet(records: try fetchArray(database))
    }

    /// ``fetch()`` without blocking the caller's thread.
    public func fetch() async throws -> ResultSet<Record> {
        let query = self
        return try await runDetached { try query.fetch() }
    }
}
