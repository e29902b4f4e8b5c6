

/// The handlers registered with ``Database/onMigration(_:)``.
package final class MigrationObservers: Sendable {
    private let handlers = Lock<[@Sendable (MigrationEvent) -> Void]>([])

    package func add(_ handler: @escaping @Sendable (MigrationEvent) -> Void) {
        handlers.withLock { $0.append(handler) }
    }

    package func notify(_ event: MigrationEvent) {
        for handler in handlers.withLock({ $0 }) { handler(event) }
    }
}
