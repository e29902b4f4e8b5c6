

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
