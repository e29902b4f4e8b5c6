extension Database {
    /// Creates or migrates the tables of these models now (rather than on first use).
    ///
    /// Call it before opening a transaction when a migration may rebuild a table: SQLite cannot turn
    /// foreign keys off inside a transaction, and a rebuild needs them off.
    public func prepare(_ types: any Model.Type...) throws {
        for type in types { try ensureSchema(type) }
    }
}
