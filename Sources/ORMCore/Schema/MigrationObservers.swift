

/// The handlers registered with ``Database/onMigration(_:)``.
final class MigrationObservers: Sendable {
    private let handlers = Lock<[@Sendable (MigrationEvent) -> Void]>([])

    func add(_ handler: @escaping @Sendable (MigrationEvent) -> Void) {
        handlers.withLock { $0.append(handler) }
    }

    func notify(_ event: MigrationEvent) {
        for handler in handlers.withLock({ $0 }) { handler(event) }
    }
}

extension Database {
    /// Registers a handler told before and after each lightweight migration, with its plan.
    ///
    /// ```swift
    /// db.onMigration { event in print(event.table, event) }
    /// ```
    public func onMigration(_ handler: @escaping @Sendable (MigrationEvent) -> Void) {
        migrationObservers.add(handler)
    }

    /// Creates or migrates the tables of these models now (rather than on first use).
    ///
    /// Call it before opening a transaction when a migration may rebuild a table: SQLite cannot turn
    /// foreign keys off inside a transaction, and a rebuild needs them off.
    public func prepare(_ types: any Model.Type...) throws {
        for type in types { try ensureSchema(type) }
    }
}
