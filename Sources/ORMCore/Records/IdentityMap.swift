/// One live instance per row: while an object is alive anywhere, fetching its row returns it.
///
/// Objects are held weakly (as FCModel and AutoDB do), each through a small box so reading an entry
/// never copies a weak reference; integer keys (the common case) have their own table. Dead entries
/// are swept in place as a table grows.
final class IdentityMap: Sendable {
    private final class WeakBox {
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }

    /// One model type's objects. A class, so it is mutated in place under the map's lock.
    private final class Table {
        var integers: [Int64: WeakBox] = [:]
        var others: [SQLValue: WeakBox] = [:]
        var sweepThreshold = 1_024

        func box(_ key: SQLValue) -> WeakBox? {
            if case .integer(let int) = key { return integers[int] }
            return others[key]
        }

        func set(_ box: WeakBox?, for key: SQLValue) {
            if case .integer(let int) = key { integers[int] = box } else { others[key] = box }
        }

        var count: Int { integers.count + others.count }

        func sweepIfNeeded() {
            guard count > sweepThreshold else { return }
            for (key, box) in integers where box.object == nil { integers[key] = nil }
            for (key, box) in others where box.object == nil { others[key] = nil }
            // Grow the threshold steeply: a large fetch registers many live objects and sweeping
            // them again and again costs more than the dead entries it could free.
            sweepThreshold = max(1_024, count * 8)
        }
    }

    // The tables and their boxes are only touched under this lock.
    private let tables = Lock<[ObjectIdentifier: Table]>([:])

    private func table(_ id: ObjectIdentifier, in tables: inout [ObjectIdentifier: Table]) -> Table {
        if let table = tables[id] { return table }
        let table = Table()
        tables[id] = table
        return table
    }

    // Each table holds objects of exactly the type it is keyed by, so reading one back as that type
    // needs no dynamic cast (the cast showed in profiles of large fetches).

    /// The live object of type `type` with this key, if any.
    func object<T: Model>(_ type: T.Type, key: SQLValue) -> T? {
        tables.withLock { tables in
            tables[ObjectIdentifier(type)]?.box(key)?.object.map { unsafeDowncast($0, to: T.self) }
        }
    }

    /// Registers `object` under `key`, unless a live object already holds it: that one is returned.
    func register<T: Model>(_ object: T, key: SQLValue) -> T {
        tables.withLock { tables in
            let table = table(ObjectIdentifier(T.self), in: &tables)
            if let box = table.box(key) {
                if let live = box.object.map({ unsafeDowncast($0, to: T.self) }), live !== object { return live }
                box.object = object
                return object
            }
            table.set(WeakBox(object), for: key)
            table.sweepIfNeeded()
            return object
        }
    }

    /// Forgets `key` if it maps to `object`.
    func unregister<T: Model>(_ object: T, key: SQLValue) {
        tables.withLock { tables in
            guard let table = tables[ObjectIdentifier(T.self)], let box = table.box(key), box.object === object else {
                return
            }
            table.set(nil, for: key)
        }
    }

    /// Every live object of a model type, by type identifier.
    func liveObjects(of type: ObjectIdentifier) -> [any Model] {
        tables.withLock { tables in
            guard let table = tables[type] else { return [] }
            let objects = table.integers.values.compactMap(\.object) + table.others.values.compactMap(\.object)
            return objects.compactMap { $0 as? any Model }
        }
    }

    /// The live object with this key among a type's objects.
    func liveObject(of type: ObjectIdentifier, key: SQLValue) -> (any Model)? {
        tables.withLock { $0[type]?.box(key)?.object as? any Model }
    }
}
