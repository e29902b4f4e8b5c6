

/// One live instance per row: while an object is alive anywhere, fetching its row returns it.
///
/// Objects are held weakly (as FCModel and AutoDB do); dead entries are swept as the map grows.
final class IdentityMap: Sendable {
    private struct WeakObject {
        weak var object: (any Model)?
    }

    private struct Table {
        var objects: [SQLValue: WeakObject] = [:]
        var sweepThreshold = 1_024
    }

    private let tables = Lock<[ObjectIdentifier: Table]>([:])

    /// The live object of type `type` with this key, if any.
    func object<T: Model>(_ type: T.Type, key: SQLValue) -> T? {
        tables.withLock { $0[ObjectIdentifier(type)]?.objects[key]?.object as? T }
    }

    /// Registers `object` under `key`, unless a live object already holds it: that one is returned.
    func register<T: Model>(_ object: T, key: SQLValue) -> T {
        tables.withLock { tables in
            let id = ObjectIdentifier(T.self)
            var table = tables[id] ?? Table()
            defer { tables[id] = table }
            if let live = table.objects[key]?.object as? T, live !== object { return live }
            table.objects[key] = WeakObject(object: object)
            if table.objects.count > table.sweepThreshold {
                table.objects = table.objects.filter { $0.value.object != nil }
                table.sweepThreshold = max(1_024, table.objects.count * 2)
            }
            return object
        }
    }

    /// Forgets `key` if it maps to `object`.
    func unregister<T: Model>(_ object: T, key: SQLValue) {
        tables.withLock { tables in
            let id = ObjectIdentifier(T.self)
            if let live = tables[id]?.objects[key]?.object, live === object {
                tables[id]?.objects[key] = nil
            }
        }
    }

    /// Every live object of a model type, by type identifier.
    func liveObjects(of type: ObjectIdentifier) -> [any Model] {
        tables.withLock { $0[type]?.objects.values.compactMap(\.object) ?? [] }
    }

    /// The live object with this key among a type's objects.
    func liveObject(of type: ObjectIdentifier, key: SQLValue) -> (any Model)? {
        tables.withLock { $0[type]?.objects[key]?.object }
    }
}
