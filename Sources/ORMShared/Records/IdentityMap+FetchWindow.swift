// MARK: - A window of a fetch

extension IdentityMap {
    /// Enters `window`, objects just decoded that nothing else has seen yet, their integer keys `keys`
    /// in order, each marked as its row and entered under `T` by its initialiser
    /// (``ModelState/Fields/enterDecoded(from:key:)``): a window of a fetch, under one
    /// acquisition of the map's lock instead of one per row. An object whose row has a live object
    /// already is replaced in `window` by that object, refreshed with the decoded values (keeping its
    /// unsaved changes), as ``Database/materialize(_:row:)`` does for one row.
    ///
    /// No object is released under the lock: a live object found is retained (its release after
    /// the lock may run a `deinit`, which takes the lock), and the decoded objects stay in `window`.
    package func registerDecoded<T: Model>(
        _ window: UnsafeMutableBufferPointer<AnyObject>, keys: UnsafeBufferPointer<Int64>, as _: T.Type
    ) {
        let type = ObjectIdentifier(T.self)
        // The rows that have a live object already (or a dying one's entry, replaced): rare, so the
        // array allocates only when one is found.
        var found: [(index: Int, live: AnyObject)] = []
        withState { state in
            state.table(for: type, makeTable: { Table(T.self) })._withUnsafeGuaranteedRef { table in
                for index in 0..<keys.count {
                    let key = keys[index]
                    let object = Unmanaged.passUnretained(window[index]).toOpaque()
                    guard IdentityMap.keepsIntegerKeysApart else {
                        // Plain `weak` entries: made from the decoded object itself (alive in `window`),
                        // never from an address found in the map.
                        let entry = Entry(object)
                        guard let holder = table.insert(entry, for: .integer(key)), holder.object != object else { continue }
                        if let live = holder.live {
                            found.append((index, live))
                        } else {
                            table[.integer(key)] = entry
                        }
                        continue
                    }
                    // One probe in the common case: the key is free and the entry goes in.
                    guard let holder = table.integers.insert(object, for: key), holder != object else { continue }
                    if let live = Entry(holder).live {
                        found.append((index, live))
                    } else {
                        // The object holding the key is being destroyed: the new one takes its place.
                        table.integers.set(object, for: key)
                    }
                }
            }
        }
        for (index, live) in found {
            window[index] = refreshed(
                unsafeDowncast(live, to: T.self), decoded: unsafeDowncast(window[index], to: T.self), type: type,
                key: .integer(keys[index]))
        }
    }

    /// The object a fetched row gives when `live` held its key as `decoded` (not entered, seen by no
    /// other thread) was decoded from it: `decoded` when `live`'s row was deleted and `decoded` takes
    /// its entry over; else `live`, its columns but the changed ones set to `decoded`'s values.
    private func refreshed<T: Model>(_ live: T, decoded: T, type: ObjectIdentifier, key: SQLValue) -> T {
        if live.persistenceStatus == .deleted, takeOver(from: live, by: decoded, type: type, key: key) { return decoded }
        // `decoded` must not take the entry as it dies. No other thread can see it: no lock.
        decoded._$stateFields.registration = .none
        let changed = live._$withStateFields { fields -> _ColumnSet in
            guard fields.meta.status != .deleted else { return _ColumnSet() }
            // `decoded` is read without its lock: no other thread can see it.
            let changed = live._$replaceColumns(from: decoded, keeping: fields.dirty)
            fields.meta.status = .persisted
            return changed
        }
        if !changed.isEmpty { live._$observedColumnsDidChange(changed) }
        return live
    }
}
