
/// Which model types a database has prepared tables for, and which model a table belongs to. Only
/// committed tables are entered (see ``Database/ensureSchema(_:)``): what another thread finds here it
/// can read.
package final class SchemaRegistry: Sendable {
    private struct State {
        var ready: Set<ObjectIdentifier> = []
        var modelsByTable: [String: any SchemaDescribed.Type] = [:]
    }

    private let state = Lock(State())

    /// Whether `type`'s table is committed and migrated.
    package func isReady(_ type: any SchemaDescribed.Type) -> Bool {
        state.withLock { $0.ready.contains(ObjectIdentifier(type)) }
    }

    /// Enters `type`, whose table is committed and migrated.
    func markReady(_ type: any SchemaDescribed.Type) {
        state.withLock {
            $0.ready.insert(ObjectIdentifier(type))
            $0.modelsByTable[type.modelSchema.table] = type
        }
    }

    /// The model type whose table is `table`, once entered.
    package func model(forTable table: String) -> (any SchemaDescribed.Type)? {
        state.withLock { $0.modelsByTable[table] }
    }
}
