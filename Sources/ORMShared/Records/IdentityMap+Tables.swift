// MARK: - The tables, one per model type

extension IdentityMap {
    /// One model type's objects. A class, so it is mutated in place under the map's lock.
    package final class Table {
        // Only touched under the map's lock: no run-time exclusivity checks.
        @exclusivity(unchecked) var integers = IntegerKeyTable()
        @exclusivity(unchecked) var others: [SQLValue: Entry] = [:]
        /// Turns a live object of the table's type into `any Model`, for the type-erased lookups.
        let erased: (AnyObject) -> any Model

        package init<T: Model>(_ type: T.Type) {
            erased = { unsafeDowncast($0, to: T.self) }
        }

        func erased(_ entry: Entry) -> (any Model)? {
            entry.live.map(erased)
        }

        /// Removes the entry for `key` if it holds `object` (one probe for integer keys).
        @inline(__always)
        package func remove(_ key: SQLValue, ifHolding object: UnsafeMutableRawPointer?) {
            if IdentityMap.keepsIntegerKeysApart, case .integer(let int) = key {
                integers.remove(int) { $0 == object }
            } else if others[key]?.object == object {
                others[key] = nil
            }
        }

        /// Enters `entry` under `key` unless the key holds an entry already: that one is returned.
        @inline(__always)
        package func insert(_ entry: Entry, for key: SQLValue) -> Entry? {
            if IdentityMap.keepsIntegerKeysApart, case .integer(let int) = key {
                return integers.insert(entry.object, for: int).map(Entry.init)
            }
            if let existing = others[key] { return existing }
            others[key] = entry
            return nil
        }

        package subscript(key: SQLValue) -> Entry? {
            get {
                if IdentityMap.keepsIntegerKeysApart, case .integer(let int) = key { return integers[int].map(Entry.init) }
                return others[key]
            }
            set {
                switch (key, newValue) {
                case (.integer(let int), let entry?) where IdentityMap.keepsIntegerKeysApart: integers.set(entry.object, for: int)
                case (.integer(let int), nil) where IdentityMap.keepsIntegerKeysApart: integers.remove(int)
                default: others[key] = newValue
                }
            }
        }
    }

    /// The tables of every model type seen, with a shortcut to the last one used.
    package struct State {
        /// Every table made; a table is never removed, so it outlives any use of ``lastTable``.
        package var tables: [ObjectIdentifier: Table] = [:]
        /// The last table used: runs of rows of one type skip the lookup by type. Unretained (see
        /// ``tables``), and so are the tables handed out: no reference counting per object.
        var lastType: ObjectIdentifier?
        var lastTable: Unmanaged<Table>?

        package mutating func table(for id: ObjectIdentifier, makeTable: () -> Table) -> Unmanaged<Table> {
            if id == lastType, let lastTable { return lastTable }
            let table = tables[id] ?? makeTable()
            tables[id] = table
            let unretained = Unmanaged.passUnretained(table)
            lastType = id
            lastTable = unretained
            return unretained
        }

        func existingTable(_ id: ObjectIdentifier) -> Unmanaged<Table>? {
            if id == lastType { return lastTable }
            return tables[id].map { Unmanaged.passUnretained($0) }
        }
    }
}
