extension Database {
    /// Registers a handler told before and after each lightweight migration, with its plan.
    ///
    /// ```swift
    /// db.onMigration { event in print(event.table, event) }
    /// ```
    public func onMigration(_ handler: @escaping @Sendable (MigrationEvent) -> Void) {
        migrationObservers.add(handler)
    }
}

extension Database {
    /// Brings a model's table in line with its schema (lightweight migration), on the writer, as
    /// its database does it (``RecordDriverConnection/migrateTable(_:in:)``): values that cannot be
    /// converted to a new type make it throw ``ORMError/migrationWouldLoseData(table:detail:)`` with
    /// nothing changed. Migration observers hear of it before it runs and once it committed.
    package func migrateTable(_ schema: ModelSchema) throws {
        try write { connection in try connection.records.migrateTable(schema, in: self) }
    }
}
