import FoundationEssentials

extension Query {
    /// The query's records, kept current (see ``LiveQuery``): every matching record now, then
    /// again after each commit to the tables the query reads (its table, joined tables, the
    /// tables of its dot paths and of subqueries in its conditions).
    ///
    /// ```swift
    /// let registration = try Person.query().orderBy("lastName").observe().start { people in
    ///     print(people.map(\.lastName))
    /// }
    /// ```
    ///
    /// The records are the database's live instances, as ``fetch()-46nr5`` gives them. With
    /// ``batch(_:)``, each value is read whole all the same (a window that cannot be read ends the
    /// observation with its error): observe a count, or observe ``fetch()-46nr5`` through
    /// ``observe(_:)``, to keep a large result in windows.
    public func observe() -> LiveQuery<[Record]> {
        observe { query in
            let records = try query.fetch()
            let array = Array(records)
            if let error = records.windowError { throw error }
            return array
        }
    }

    /// The number of matching records, kept current (``count()-4ewil`` after each commit to the tables
    /// the query reads). Add ``LiveQuery/removingDuplicates()`` to hear only of a new number.
    public func observeCount() -> LiveQuery<Int> {
        observe { try $0.count() }
    }

    /// The first matching record (in the query's order), kept current; nil while none matches.
    public func observeFirst() -> LiveQuery<Record?> {
        observe { try $0.first() }
    }

    /// Any value read through the query, kept current: an aggregate, the distinct values of a
    /// column, a batched result set.
    ///
    /// ```swift
    /// for try await total in Order.query().where("status = 'open'").observe({ try $0.sum("amount") }) {
    ///     print(total)
    /// }
    /// ```
    public func observe<Value: Sendable>(_ read: @escaping @Sendable (Query) throws -> Value) -> LiveQuery<Value> {
        let query = self
        return LiveQuery(
            database: { try query.target() },
            region: { database in
                let bound = query.on(database)
                try bound.decoder.prepare(database)
                return try ObservedRegion.read(by: bound.selectStatement().text, in: database)
            },
            read: { database in try read(query.on(database)) })
    }
}

extension Database {
    /// Any value read from this database, kept current (see ``LiveQuery``): `read` runs now, then
    /// after each commit that names one of `tables` (in any case; a view's name counts only for
    /// other processes' and sessions' commits, so name the tables a view reads).
    ///
    /// ```swift
    /// let totals = db.observe(tables: ["orders"]) { db in
    ///     try db.fetchAll("SELECT status, count(*) FROM orders GROUP BY status")
    /// }
    /// ```
    public func observe<Value: Sendable>(
        tables: Set<String>, _ read: @escaping @Sendable (Database) throws -> Value
    ) -> LiveQuery<Value> {
        let database = self
        let region = ObservedRegion(tables: tables)
        return LiveQuery(database: { database }, region: { _ in region }, read: read)
    }
}
