

/// Which model types a database has prepared tables for, and which model a table belongs to.
final class SchemaRegistry: Sendable {
    private struct State {
        var ready: Set<ObjectIdentifier> = []
        var modelsByTable: [String: any Model.Type] = [:]
    }

    private let state = Lock(State())

    func isReady(_ type: any Model.Type) -> Bool {
        state.withLock { $0.ready.contains(ObjectIdentifier(type)) }
    }

    func markReady(_ type: any Model.Type) {
        state.withLock {
            $0.ready.insert(ObjectIdentifier(type))
            $0.modelsByTable[type.modelSchema.table] = type
        }
    }

    /// Forgets a prepared type (its table was created in a transaction that rolled back).
    func forget(_ type: ObjectIdentifier) {
        _ = state.withLock { $0.ready.remove(type) }
    }

    func model(forTable table: String) -> (any Model.Type)? {
        state.withLock { $0.modelsByTable[table] }
    }
}
