/// One live instance per row: while an object is alive anywhere, fetching its row returns it.
///
/// Objects are held weakly (as FCModel and AutoDB do), but without Swift `weak` references: those
/// cost each object a side-table allocation, a box, and sweeps for dead entries, which dominated
/// large fetches and inserts. Instead an entry is an unretained pointer, and an object leaves the
/// map as it is destroyed: its generated `deinit` forgets the entry (``ModelState/willDeinit(_:object:)``)
/// before the object's memory is freed. In the short window between the last release and that
/// `deinit`, a lookup may still find the entry; it takes the object only if
/// ``tryRetainObject(_:)`` can still retain it, so a dying object is never handed out again.
/// What this rests on (and the build flag that swaps it for plain `weak` references) is written
/// down in one place: `Documentation/UnsafeCode.md`.
package final class IdentityMap: @unchecked Sendable {
    // The tables and their entries are only touched under `lock` (a one-word lock: the map is
    // locked once per object fetched, inserted or destroyed). No object is ever released while it
    // is held: a release may destroy an object, whose `deinit` then takes this lock.
    private let lock = AtomicLock()
    @exclusivity(unchecked) private var unlockedState = State()

    @inline(__always)
    func withState<T>(_ body: (inout State) throws -> T) rethrows -> T {
        try lock.withLock { try body(&unlockedState) }
    }

    // The generic entry points only cast: the work is done once, not per model type, and without
    // looking up generic metadata for every row.

    /// The live object of type `type` with this key, if any.
    package func object<T: Model>(_ type: T.Type, key: SQLValue) -> T? {
        object(ObjectIdentifier(type), key: key).map { unsafeDowncast($0, to: T.self) }
    }

    private func object(_ type: ObjectIdentifier, key: SQLValue) -> AnyObject? {
        withState { state in state.existingTable(type)?._withUnsafeGuaranteedRef { $0[key]?.live } }
    }

    /// Enters an object nothing else has seen yet (a fault, just made) as row `key` of `database`,
    /// with `status`; returns nil when it is entered, or the live object that already holds the row
    /// (this one is then left out).
    ///
    /// The object's bookkeeping is set without its lock, as no other thread can reach the object
    /// before the map publishes it (under the map's lock, which orders those writes before any
    /// thread that finds it there); no closure or previous entry is involved.
    func registerNew<T: Model>(_ object: T, key: SQLValue, status: ModelState.Status, database: Database) -> T? {
        object._$stateFields.enter(
            ObjectIdentifier(T.self), ownClass: ObjectIdentifier(type(of: object)), key: key, status: status,
            database: database)
        return registerMarked(object, key: key)
    }

    /// Enters an object nothing else has seen yet whose bookkeeping already marks it as row `key`,
    /// entered under `T` (an object just decoded sets that in its initialiser,
    /// ``ModelState/Fields/enterDecoded(from:key:)``: the hot path of a fetch); returns nil when
    /// it is entered, or the live object that already holds the row (this one is then left out).
    package func registerMarked<T: Model>(_ object: T, key: SQLValue) -> T? {
        let type = ObjectIdentifier(T.self)
        guard let entered = enter(Unmanaged.passUnretained(object).toOpaque(), type: type, key: key, makeTable: { Table(T.self) })
        else { return nil }
        let live = unsafeDowncast(entered, to: T.self)
        // An object whose row was deleted gives its key to the row that has it now.
        if live.persistenceStatus == .deleted, takeOver(from: live, by: object, type: type, key: key) { return nil }
        // The row has a live object: this one is dropped, and must not take that entry as it dies.
        // No other thread can see it yet: no lock.
        object._$stateFields.registration = .none
        return live
    }

    /// Moves the entry for `key` from `stale`, an object whose row was deleted, to `object`, the
    /// object of the row that has the key now (SQLite gives the largest rowid again once its row is
    /// deleted). False when the entry no longer holds `stale`.
    func takeOver<T: Model>(from stale: T, by object: T, type: ObjectIdentifier, key: SQLValue) -> Bool {
        let stalePointer = Unmanaged.passUnretained(stale).toOpaque()
        let moved = withState { state in
            state.existingTable(type)?._withUnsafeGuaranteedRef { table -> Bool in
                guard table[key]?.object == stalePointer else { return false }
                table[key] = Entry(Unmanaged.passUnretained(object).toOpaque())
                return true
            } ?? false
        }
        if moved {
            stale._$withStateFields { fields in
                if fields.registeredType(ownClass: ObjectIdentifier(Swift.type(of: stale))) == type && fields.storedKey == key {
                    fields.registration = .none
                }
            }
        }
        return moved
    }

    /// Enters an object whose row `key` of `database` was just inserted, marking it persisted with no
    /// unsaved changes (and, when `settingKey`, giving it `key`, the key its insert generated), in one
    /// lock on the object and one on the map.
    ///
    /// Should a live object already hold the key, its row was deleted by SQL and the key given
    /// again: once that object is marked deleted (the deletion committed), `object` takes the
    /// entry; before (the deletion and this insert in one transaction), that object keeps the
    /// entry and `object` stays out of the map.
    func registerInserted<T: Model>(_ object: T, key: SQLValue, settingKey: Bool, database: Database) throws {
        let type = ObjectIdentifier(T.self)
        let ownClass = ObjectIdentifier(Swift.type(of: object))
        let previous = try object._$withStateFields { fields -> Registration? in
            // The generated key goes in under the same lock (a key that does not fit throws first).
            if settingKey { try object._$setPrimaryKeyHoldingLock(key) }
            let previous = Registration(fields, ownClass: ownClass)
            fields.clearChanges()
            if fields.extras != nil { fields.baseline = [] }
            fields.enter(type, ownClass: ownClass, key: key, status: .persisted, database: database)
            return previous
        }
        // A new object is rarely entered anywhere (it may be after a rollback left it in another map).
        if let previous, !(previous.map === self && previous.type == type && previous.key == key) {
            previous.forget(object)
        }
        if let entered = enter(Unmanaged.passUnretained(object).toOpaque(), type: type, key: key, makeTable: { Table(T.self) }) {
            let live = unsafeDowncast(entered, to: T.self)
            if live.persistenceStatus == .deleted, takeOver(from: live, by: object, type: type, key: key) { return }
            object._$withStateFields { fields in
                if fields.registeredType(ownClass: ownClass) == type && fields.database === database
                    && fields.storedKey == key
                {
                    fields.registration = .none
                }
            }
        }
    }

    /// Enters `object` as row `key` of `database`, an existing row its commit just updated in place of
    /// inserting (an upsert): gives it `key`, marks it persisted, and takes the row's entry. A live
    /// object that held the entry leaves the map and becomes a fault (it reads the row again on next
    /// access, keeping its unsaved changes). Throws, changing nothing, when `key` does not fit.
    package func adopt<T: Model>(_ object: T, key: SQLValue, database: Database) throws {
        let type = ObjectIdentifier(T.self)
        let ownClass = ObjectIdentifier(Swift.type(of: object))
        let previous = try object._$withStateFields { fields -> Registration? in
            try object._$setPrimaryKeyHoldingLock(key)
            let previous = Registration(fields, ownClass: ownClass)
            fields.enter(type, ownClass: ownClass, key: key, status: .persisted, database: database)
            return previous
        }
        if let previous, !(previous.map === self && previous.type == type && previous.key == key) {
            previous.forget(object)
        }
        let pointer = Unmanaged.passUnretained(object).toOpaque()
        // Retained under the lock, released after it (a release may run a deinit, which takes it).
        let evicted: AnyObject? = withState { state in
            state.table(for: type, makeTable: { Table(T.self) })._withUnsafeGuaranteedRef { table in
                let holder = table[key]
                table[key] = Entry(pointer)
                guard let holder, holder.object != pointer else { return nil }
                return holder.live
            }
        }
        guard let evicted else { return }
        let live = unsafeDowncast(evicted, to: T.self)
        live._$withStateFields { fields in
            if fields.registeredType(ownClass: ObjectIdentifier(Swift.type(of: live))) == type
                && fields.storedKey == key && fields.database === database
            {
                fields.registration = .none
            }
            if fields.meta.status == .persisted { fields.meta.status = .fault }
        }
    }

    /// Takes `object` out of the map (its row was deleted, or its insert rolled back).
    func unregister<T: Model>(_ object: T) {
        let previous = object._$withStateFields { fields -> Registration? in
            defer { fields.registration = .none }
            return Registration(fields, ownClass: ObjectIdentifier(Swift.type(of: object)))
        }
        previous?.forget(object)
    }

    /// Restores `object`'s metadata (and the stored values of its changed columns) after a rollback, moving its map entry to match: out when it is
    /// new or deleted again, under its database and key as they were before when it is persisted.
    ///
    /// Returns false when the object should be entered but another live object holds its row (a
    /// rollback restores objects last first: the other one may be restored out of it later, and
    /// the caller tries ``restore(_:to:baseline:)`` again then).
    @discardableResult
    package func restore<T: Model>(_ object: T, to snapshot: ModelState.Snapshot, baseline: [ModelState.BoxedValue]) -> Bool {
        let type = ObjectIdentifier(T.self)
        let ownClass = ObjectIdentifier(Swift.type(of: object))
        let status = snapshot.status
        let belongs = (status == .persisted || status == .fault) && snapshot.database != nil
        let wanted = belongs ? Registration(database: snapshot.database, type: type, key: snapshot.storedKey) : nil
        let previous = object._$withStateFields { fields -> Registration? in
            let previous = Registration(fields, ownClass: ownClass)
            fields.restore(snapshot)
            fields.baseline = baseline
            fields.setRegisteredType(wanted == nil ? nil : type, ownClass: ownClass)
            return previous
        }
        if let previous, !(wanted.map { previous.isSame(as: $0) } ?? false) { previous.forget(object) }
        guard let wanted, !(previous.map { wanted.isSame(as: $0) } ?? false) else { return true }
        if wanted.map.enter(Unmanaged.passUnretained(object).toOpaque(), type: type, key: snapshot.storedKey, makeTable: { Table(T.self) }) != nil {
            // Another live object took the row meanwhile: it keeps it.
            object._$withStateFields { fields in
                if Registration(fields, ownClass: ownClass)?.isSame(as: wanted) == true { fields.registration = .none }
            }
            return false
        }
        return true
    }

    /// Enters `object` under `key`; returns the live object that already holds the key, if any
    /// (retained), else nil.
    @inline(__always)
    private func enter(
        _ object: UnsafeMutableRawPointer, type: ObjectIdentifier, key: SQLValue, makeTable: () -> Table
    ) -> AnyObject? {
        withState { state in
            state.table(for: type, makeTable: makeTable)._withUnsafeGuaranteedRef { table in
                // One probe in the common case: the key is free and the entry goes in.
                guard let entry = table.insert(Entry(object), for: key) else { return nil }
                if entry.object == object { return nil }
                if let live = entry.live { return live }
                // The object holding the key is being destroyed: the new one takes its place.
                table[key] = Entry(object)
                return nil
            }
        }
    }

    /// Removes the entry for `key` among `type`'s objects if it holds `object` (called as an object
    /// dies or leaves the map).
    @inline(__always)
    func forget(type: ObjectIdentifier, key: SQLValue, object: ObjectIdentifier) {
        let pointer = UnsafeMutableRawPointer(bitPattern: UInt(bitPattern: object))
        withState { state in
            state.existingTable(type)?._withUnsafeGuaranteedRef { $0.remove(key, ifHolding: pointer) }
        }
    }

    /// ``forget(type:key:object:)`` for an integer key, as a dying object's `deinit` calls it.
    @inline(__always)
    func forget(type: ObjectIdentifier, integerKey key: Int64, object: ObjectIdentifier) {
        guard IdentityMap.keepsIntegerKeysApart else {
            forget(type: type, key: .integer(key), object: object)
            return
        }
        let pointer = UnsafeMutableRawPointer(bitPattern: UInt(bitPattern: object))
        withState { state in
            state.existingTable(type)?._withUnsafeGuaranteedRef { $0.integers.remove(key) { $0 == pointer } }
        }
    }

    /// Every live object of a model type, by type identifier.
    func liveObjects(of type: ObjectIdentifier) -> [any Model] {
        withState { state in
            guard let table = state.existingTable(type)?.takeUnretainedValue() else { return [] }
            return table.integers.values.map(Entry.init).compactMap(table.erased) + table.others.values.compactMap(table.erased)
        }
    }

    /// How many entries a type's table holds, live or dying (for tests: dead objects leave no entry).
    func entryCount(of type: ObjectIdentifier) -> Int {
        withState { state in
            guard let table = state.existingTable(type)?.takeUnretainedValue() else { return 0 }
            return table.integers.count + table.others.count
        }
    }

    /// The live object with this key among a type's objects.
    func liveObject(of type: ObjectIdentifier, key: SQLValue) -> (any Model)? {
        withState { state in
            guard let table = state.existingTable(type)?.takeUnretainedValue(), let entry = table[key] else { return nil }
            return table.erased(entry)
        }
    }
}

extension IdentityMap {
    /// Where an object is entered: a database's map, a model type, a key. Read from an object's
    /// bookkeeping (which stores only how it is entered, see ``ModelState/Fields/registration``).
    fileprivate struct Registration {
        let map: IdentityMap
        let type: ObjectIdentifier
        let key: SQLValue

        init?(database: Database?, type: ObjectIdentifier, key: SQLValue) {
            guard let database else { return nil }
            map = database.identityMap
            self.type = type
            self.key = key
        }

        /// Where `fields`, the bookkeeping of an object of class `ownClass`, say it is entered.
        init?(_ fields: borrowing ModelState.Fields, ownClass: ObjectIdentifier) {
            guard let type = fields.registeredType(ownClass: ownClass) else { return nil }
            self.init(database: fields.database, type: type, key: fields.storedKey)
        }

        func isSame(as other: Registration) -> Bool {
            map === other.map && type == other.type && key == other.key
        }

        /// Removes the entry if it still holds `object`.
        func forget(_ object: AnyObject) {
            map.forget(type: type, key: key, object: ObjectIdentifier(object))
        }
    }
}
