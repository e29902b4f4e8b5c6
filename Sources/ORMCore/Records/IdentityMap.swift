import CSwiftRuntime

/// One live instance per row: while an object is alive anywhere, fetching its row returns it.
///
/// Objects are held weakly (as FCModel and AutoDB do), but without Swift `weak` references: those
/// cost each object a side-table allocation, a box, and sweeps for dead entries, which dominated
/// large fetches and inserts. Instead an entry is an unretained pointer, and an object leaves the
/// map as it is destroyed: its generated `deinit` forgets the entry (``ModelState/willDeinit(_:object:)``)
/// before the object's memory is freed. In the short window between the last release and that
/// `deinit`, a lookup may still find the entry; it takes the object only if
/// ``tryRetainObject(_:)`` can still retain it, so a dying object is never handed out again.
final class IdentityMap: @unchecked Sendable {
    /// Where an object is registered: kept by its state so its `deinit` can remove the entry.
    struct Registration: Sendable {
        let map: IdentityMap
        let type: ObjectIdentifier
        let key: SQLValue

        func isSame(as other: Registration) -> Bool {
            map === other.map && type == other.type && key == other.key
        }
    }

    /// One entry: the object, unretained.
    private struct Entry {
        let object: UnsafeMutableRawPointer

        init(_ object: UnsafeMutableRawPointer) {
            self.object = object
        }

        /// The object, retained, unless it is already being destroyed.
        var live: AnyObject? {
            guard tryRetainObject(object) else { return nil }
            return Unmanaged<AnyObject>.fromOpaque(object).takeRetainedValue()
        }
    }

    /// One model type's objects. A class, so it is mutated in place under the map's lock.
    private final class Table {
        // Only touched under the map's lock: no run-time exclusivity checks.
        @exclusivity(unchecked) var integers = IntegerKeyTable<Entry>()
        @exclusivity(unchecked) var others: [SQLValue: Entry] = [:]
        /// Turns a live object of the table's type into `any Model`, for the type-erased lookups.
        let erased: (AnyObject) -> any Model

        init<T: Model>(_ type: T.Type) {
            erased = { unsafeDowncast($0, to: T.self) }
        }

        func erased(_ entry: Entry) -> (any Model)? {
            entry.live.map(erased)
        }

        /// Removes the entry for `key` if it holds `object` (one probe for integer keys).
        func remove(_ key: SQLValue, ifHolding object: UnsafeMutableRawPointer?) {
            if case .integer(let int) = key {
                integers.remove(int) { $0.object == object }
            } else if others[key]?.object == object {
                others[key] = nil
            }
        }

        /// Enters `entry` under `key` unless the key holds an entry already: that one is returned.
        func insert(_ entry: Entry, for key: SQLValue) -> Entry? {
            if case .integer(let int) = key { return integers.insert(entry, for: int) }
            if let existing = others[key] { return existing }
            others[key] = entry
            return nil
        }

        subscript(key: SQLValue) -> Entry? {
            get {
                if case .integer(let int) = key { return integers[int] }
                return others[key]
            }
            set {
                switch (key, newValue) {
                case (.integer(let int), let entry?): integers.set(entry, for: int)
                case (.integer(let int), nil): integers.remove(int)
                default: others[key] = newValue
                }
            }
        }
    }

    private struct State {
        var tables: [ObjectIdentifier: Table] = [:]
        /// The last table used: runs of rows of one type skip the lookup by type.
        var lastType: ObjectIdentifier?
        var lastTable: Table?

        mutating func table(for id: ObjectIdentifier, makeTable: () -> Table) -> Table {
            if id == lastType, let lastTable { return lastTable }
            let table = tables[id] ?? makeTable()
            tables[id] = table
            lastType = id
            lastTable = table
            return table
        }

        func existingTable(_ id: ObjectIdentifier) -> Table? {
            id == lastType ? lastTable : tables[id]
        }
    }

    // The tables and their entries are only touched under `lock` (a one-word lock: the map is
    // locked once per object fetched, inserted or destroyed). No object is ever released while it
    // is held: a release may destroy an object, whose `deinit` then takes this lock.
    private let lock = AtomicLock()
    @exclusivity(unchecked) private var unlockedState = State()

    @inline(__always)
    private func withState<T>(_ body: (inout State) throws -> T) rethrows -> T {
        try lock.withLock { try body(&unlockedState) }
    }

    // The generic entry points only cast: the work is done once, not per model type, and without
    // looking up generic metadata for every row.

    /// The live object of type `type` with this key, if any.
    func object<T: Model>(_ type: T.Type, key: SQLValue) -> T? {
        object(ObjectIdentifier(type), key: key).map { unsafeDowncast($0, to: T.self) }
    }

    private func object(_ type: ObjectIdentifier, key: SQLValue) -> AnyObject? {
        withState { $0.existingTable(type)?[key]?.live }
    }

    /// Registers `object` under `key`, unless a live object already holds it: that one is returned.
    func register<T: Model>(_ object: T, key: SQLValue) -> T {
        let type = ObjectIdentifier(T.self)
        if let live = register(Unmanaged.passUnretained(object).toOpaque(), type: type, key: key, makeTable: { Table(T.self) }) {
            return unsafeDowncast(live, to: T.self)
        }
        let registration = Registration(map: self, type: type, key: key)
        if let previous = object.setRegistration(registration), !previous.isSame(as: registration) {
            // The object was registered under another key (or map) before: that entry goes.
            previous.map.forget(previous, object: ObjectIdentifier(object))
        }
        return object
    }

    /// Registers an object just decoded from row `key` of `database`, which nothing else has seen
    /// yet; returns nil when it is registered, or the live object that already holds the row.
    ///
    /// The hot path of a fetch: the object's state is set in one lock before the map publishes it
    /// (another thread finds it complete), and no closure or previous entry is involved.
    func registerFetched<T: Model>(_ object: T, key: SQLValue, database: Database) -> T? {
        let type = ObjectIdentifier(T.self)
        object._$withStateFields { fields in
            fields.meta.status = .persisted
            fields.meta.database = database
            fields.meta.storedKey = key
            fields.registration = Registration(map: self, type: type, key: key)
        }
        guard let live = register(Unmanaged.passUnretained(object).toOpaque(), type: type, key: key, makeTable: { Table(T.self) })
        else { return nil }
        // The row has a live object: this one is dropped, and must not take that entry as it dies.
        object._$withStateFields { $0.registration = nil }
        return unsafeDowncast(live, to: T.self)
    }

    /// Registers an object whose row `key` of `database` was just inserted, marking it persisted
    /// with no unsaved changes, in one lock on the object and one on the map.
    ///
    /// Should a live object already hold the key (its row was deleted by SQL and the key reused),
    /// that object keeps the entry and `object` stays unregistered.
    func registerInserted<T: Model>(_ object: T, key: SQLValue, database: Database) {
        let type = ObjectIdentifier(T.self)
        let registration = Registration(map: self, type: type, key: key)
        let previous = object._$withStateFields { fields -> Registration? in
            fields.meta.status = .persisted
            fields.meta.dirty = ColumnSet()
            fields.meta.database = database
            fields.meta.storedKey = key
            defer { fields.registration = registration }
            return fields.registration
        }
        if let previous, !previous.isSame(as: registration) {
            previous.map.forget(previous, object: ObjectIdentifier(object))
        }
        if register(Unmanaged.passUnretained(object).toOpaque(), type: type, key: key, makeTable: { Table(T.self) }) != nil {
            object.clearRegistration(ifMatching: registration)
        }
    }

    /// Enters `object` under `key`; returns the live object that already holds the key, if any
    /// (retained), else nil.
    private func register(
        _ object: UnsafeMutableRawPointer, type: ObjectIdentifier, key: SQLValue, makeTable: () -> Table
    ) -> AnyObject? {
        withState { state in
            let table = state.table(for: type, makeTable: makeTable)
            // One probe in the common case: the key is free and the entry goes in.
            guard let entry = table.insert(Entry(object), for: key) else { return nil }
            if entry.object == object { return nil }
            if let live = entry.live { return live }
            // The object holding the key is being destroyed: the new one takes its place.
            table[key] = Entry(object)
            return nil
        }
    }

    /// Forgets `key` if it maps to `object`.
    func unregister<T: Model>(_ object: T, key: SQLValue) {
        let registration = Registration(map: self, type: ObjectIdentifier(T.self), key: key)
        let pointer = Unmanaged.passUnretained(object).toOpaque()
        let removed = withState { state -> Bool in
            guard let table = state.existingTable(registration.type), let entry = table[key], entry.object == pointer
            else { return false }
            table[key] = nil
            return true
        }
        if removed { object.clearRegistration(ifMatching: registration) }
    }

    /// Removes the entry `registration` names if it still holds `object` (called as an object dies).
    func forget(_ registration: Registration, object: ObjectIdentifier) {
        let pointer = UnsafeMutableRawPointer(bitPattern: UInt(bitPattern: object))
        withState { state in
            state.existingTable(registration.type)?.remove(registration.key, ifHolding: pointer)
        }
    }

    /// Every live object of a model type, by type identifier.
    func liveObjects(of type: ObjectIdentifier) -> [any Model] {
        withState { state in
            guard let table = state.existingTable(type) else { return [] }
            return table.integers.values.compactMap(table.erased) + table.others.values.compactMap(table.erased)
        }
    }

    /// How many entries a type's table holds, live or dying (for tests: dead objects leave no entry).
    func entryCount(of type: ObjectIdentifier) -> Int {
        withState { state in
            guard let table = state.existingTable(type) else { return 0 }
            return table.integers.count + table.others.count
        }
    }

    /// The live object with this key among a type's objects.
    func liveObject(of type: ObjectIdentifier, key: SQLValue) -> (any Model)? {
        withState { state in
            guard let table = state.existingTable(type), let entry = table[key] else { return nil }
            return table.erased(entry)
        }
    }
}

/// Retains the object at `object` unless it is already being destroyed (the Swift runtime's
/// `swift_tryRetain`, what loading a `weak` reference does). This is how the identity map holds
/// objects weakly without the side table a `weak` reference allocates.
@inline(__always)
func tryRetainObject(_ object: UnsafeMutableRawPointer) -> Bool {
    swift_tryRetain(object) != nil
}
