// MARK: - Used by generated members

extension _ModelState {
    /// Runs `body` (which reads the object's storage) under the lock, after faulting the object in.
    @inlinable @inline(__always)
    public borrowing func read<Owner: Model, T>(_ owner: Owner, _ body: () -> T) -> T {
        lockFaultedIn(owner)
        defer { lock.unlock() }
        return body()
    }

    /// Stores `newValue` in column `column`'s storage under the lock (`current` reads that storage,
    /// `assign` writes it), unless it holds that value already (`isSame`): only a value that differs
    /// marks the column changed. A persisted object's column changed back to the value it was last
    /// read or written with is unchanged again, and a change made inside a transaction on the
    /// transaction's thread is recorded for its rollback.
    @inlinable @inline(__always)
    public borrowing func write<Owner: Model, Value: Sendable>(
        _ owner: Owner, column: Int, _ newValue: Value, _ isSame: (Value, Value) -> Bool,
        current: () -> Value, assign: () -> Void
    ) {
        lockFaultedIn(owner)
        defer { lock.unlock() }
        switch owner._$stateFields.meta.status {
        case .new:
            if isSame(current(), newValue) { return }
            owner._$stateFields.markChanged(column)
        case .fault:
            // Its row could not be read: nothing to compare with (it loads, keeping this change, later).
            owner._$stateFields.markChanged(column)
        case .persisted, .deleted:
            let old = current()
            if isSame(old, newValue) { return }
            Self.willChange(owner, column: column, from: old, to: newValue, isSame)
        }
        assign()
    }

    /// A persisted object's column `column` changes from `old` to `new`, under the object's lock:
    /// records the change for the rollback of a transaction open on this thread, and marks the
    /// column changed (keeping the value it was read with), or unchanged when `new` is that value.
    @usableFromInline
    static func willChange<Owner: Model, Value: Sendable>(
        _ owner: Owner, column: Int, from old: Value, to new: Value, _ isSame: (Value, Value) -> Bool
    ) {
        willChange(owner, &owner._$stateFields, column: column, from: old, to: new, isSame)
    }

    private static func willChange<Owner: Model, Value: Sendable>(
        _ owner: Owner, _ fields: inout Fields, column: Int, from old: Value, to new: Value,
        _ isSame: (Value, Value) -> Bool
    ) {
        if let frame = fields.database?.currentFrame {
            frame.record(owner, fields: &fields, column: column, old: old)
        }
        if fields.dirty.contains(column) {
            var baseline = fields.baseline
            guard let index = baseline.firstIndex(where: { $0.column == column }),
                let stored = baseline[index].value as? Value, isSame(stored, new)
            else { return }
            baseline.remove(at: index)
            fields.baseline = baseline
            fields.dirty.remove(column)
        } else {
            fields.markChanged(column)
            fields.baseline.append(BoxedValue(column: column, value: old))
        }
    }

    /// Runs `body` (which writes the key's storage) under the lock.
    @inlinable @inline(__always)
    public borrowing func writeKey<Owner: Model>(_ owner: Owner, _ body: () -> Void) {
        lockFaultedIn(owner)
        defer { lock.unlock() }
        body()
    }

    /// Runs `body` under the object's lock.
    @inlinable @inline(__always)
    public borrowing func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// Takes the object out of the identity map as it is destroyed. The generated `deinit` calls it.
    /// The map's safety rests on this call (Documentation/UnsafeCode.md).
    ///
    /// Without taking the lock: the runtime runs a `deinit` only after the last strong release, and
    /// every thread that writes the bookkeeping holds a strong reference while it does (the map hands
    /// out an object only once ``tryRetainObject(_:)`` retained it, and never a dying one), so no other
    /// thread can touch `fields` now. The runtime's release ordering already puts their writes before
    /// this `deinit`; the acquire load of the lock's word says so in a way the thread sanitizer sees
    /// (it does not instrument the runtime), ordering this read after the last write made under the
    /// lock, at the cost of a plain load.
    public borrowing func willDeinit(_ fields: inout Fields, object: ObjectIdentifier) {
        _ = lock.word.load(ordering: .acquiring)
        let registration = fields.registration
        fields.registration = .none
        // The object is being destroyed: its map entry, if any, must go before its memory does.
        // `fields` holds the database (itself or in the box of extras) for the whole call, so it is
        // borrowed, not retained.
        guard registration != .none else { return }
        let database: Unmanaged<Database>
        switch fields.reference {
        case .none:
            return
        case .direct(let direct):
            database = .passUnretained(direct)
        case .inExtras(let extras):
            guard let inExtras = extras.database else { return }
            database = .passUnretained(inExtras)
        }
        let type: ObjectIdentifier
        if registration == .ownClass {
            // The class of the object being destroyed, read from it without a retain.
            let pointer = UnsafeRawPointer(bitPattern: UInt(bitPattern: object)).unsafelyUnwrapped
            type = Unmanaged<AnyObject>.fromOpaque(pointer)._withUnsafeGuaranteedRef { ObjectIdentifier(Swift.type(of: $0)) }
        } else {
            guard let other = fields.extras?.registeredType else { return }
            type = other
        }
        database._withUnsafeGuaranteedRef { database in
            // A rowid key (nearly every object) goes straight to the map's integer table: no `SQLValue`
            // is made and destroyed for it as each object dies.
            if fields.meta.key.kind == .integer {
                database.identityMap.forget(type: type, integerKey: fields.meta.key.integer, object: object)
            } else {
                database.identityMap.forget(type: type, key: fields.storedKey, object: object)
            }
        }
    }

    /// Takes the lock, loading a fault's row first (which takes the lock itself).
    @inlinable @inline(__always)
    borrowing func lockFaultedIn<Owner: Model>(_ owner: Owner) {
        lock.lock()
        if owner._$stateFields.meta.status == .fault {
            lock.unlock()
            Self.faultIn(owner)
            lock.lock()
        }
    }

    /// Loads a fault's row from its database.
    @usableFromInline
    static func faultIn<Owner: Model>(_ owner: Owner) {
        guard let database = owner.stateDatabase else { return }
        database.faultIn(owner)
    }
}
