/// The name ORMCore uses for `_ModelState`.
@_spi(ModelSupport) public typealias ModelState = _ModelState

/// The lock of one model object, stored inline in the object by `@Model` (`_$state`), with the
/// helpers generated accessors call. The object's persistence bookkeeping sits beside it, in
/// `_$stateFields` (``ModelState/Fields``), and is only touched while this lock is held, or while no
/// other thread can reach the object: before the identity map publishes it, and in its `deinit`
/// (``willDeinit(_:object:)``).
///
/// Generated accessors take the lock around every read and write of a persisted property, so an
/// object shared by the identity map is safe to use from several threads. The lock, the bookkeeping
/// and the properties live in the object's one allocation; the generated `deinit` takes the object
/// out of the identity map (see `IdentityMap`) before its memory is freed.
///
/// Part of the macro's contract (see <doc:Models#The-macros-contract>): public only because code
/// that `@Model` generates in the user's module stores one in every object and calls it from every accessor, hence the underscore. ORMCore calls it
/// `ModelState`, a name tools built on ORMCore reach with `@_spi(ModelSupport) import ORMCore`.
public struct _ModelState: ~Copyable, Sendable {
    /// Where an object stands with respect to its row.
    public enum Status: Sendable, Hashable {
        /// Never inserted.
        case new
        /// Loaded from or written to its row.
        case persisted
        /// Only its key is loaded; the rest loads on first access.
        case fault
        /// Its row was deleted.
        case deleted
    }

    /// The bookkeeping a rollback restores. Its fields are laid out widest first, so it packs into
    /// 50 bytes: every model object carries one.
    ///
    /// `@frozen`, like ``Fields`` and ``_ColumnSet``: the initial values of their fields are then
    /// inlined into every model's initialisers, not a call into ORMCore for each object made.
    @frozen
    public struct Meta: Sendable {
        @usableFromInline var dirty = _ColumnSet()
        @usableFromInline var database: Database?
        /// The serial of the last transaction frame that recorded this object for a rollback.
        @usableFromInline var touchedBy: UInt64 = 0
        /// The key the row has in the database (an update or delete targets it).
        @usableFromInline var storedKey: SQLValue = .null
        @usableFromInline var status = Status.new

        @inlinable init() {}
    }

    /// What the lock guards besides the properties: the metadata a rollback restores, and where the
    /// object is entered in the identity map (never restored: it follows the map).
    @frozen
    public struct Fields: Sendable {
        @usableFromInline var meta = Meta()
        /// The model type the object is entered under in the identity map of `meta.database`, at key
        /// `meta.storedKey`; nil when it is not entered. Only ``IdentityMap`` sets it (and a decoded
        /// object's initialiser, ``enterDecoded(from:key:type:)``, before it decodes the columns: the
        /// map then enters the object or takes the mark back; an object whose column fails to decode
        /// dies unseen, and its `deinit` finds no entry holding it), and while it is set only the map
        /// changes `meta.database` and `meta.storedKey`, so the entry can always be found again (by
        /// the object's `deinit`, say) without storing the map or the key twice.
        @usableFromInline var registeredType: ObjectIdentifier?
        /// What few objects need (joined values, the stored values of changed columns), in one box
        /// made on first need: every object carries one pointer for it, most of them nil. Outside
        /// ``Meta``: copying the metadata (every write does) stays cheap.
        @usableFromInline var extras: Extras?

        /// Values of joined tables from the last query that fetched the object (empty when none).
        var joined: [String: SQLValue] {
            get { extras?.joined ?? [:] }
            set {
                if newValue.isEmpty && extras == nil { return }
                extras(creating: true)?.joined = newValue
            }
        }

        /// The values the changed columns had when the object was last read or written (what
        /// ``Model/revert()`` puts back), one per changed column of a persisted object.
        var baseline: [BoxedValue] {
            get { extras?.baseline ?? [] }
            set {
                if newValue.isEmpty && extras == nil { return }
                extras(creating: true)?.baseline = newValue
            }
        }

        /// Notes that transaction frame `frame` records column `column`'s value; false when it did
        /// already.
        mutating func noteRecorded(column: Int, frame: UInt64) -> Bool {
            guard let extras = extras(creating: true) else { return true }
            if extras.recordingFrame != frame {
                extras.recordingFrame = frame
                extras.recordedColumns.removeAll()
            } else if extras.recordedColumns.contains(column) {
                return false
            }
            extras.recordedColumns.insert(column)
            return true
        }

        /// The box of extras, made first when `creating`.
        private mutating func extras(creating: Bool) -> Extras? {
            if extras == nil && creating { extras = Extras() }
            return extras
        }

        /// A new object's bookkeeping. `@Model` stores one in every object.
        @inlinable
        public init() {}

        /// Marks an object just decoded from a row of `row.database` whose key column holds `key`:
        /// persisted, and entered in the identity map under `type`. The generated
        /// ``Model/init(_$row:key:)`` calls it first, so the map need not reach into the object; should
        /// the row have a live object already, the map takes the entry back before anyone sees this one.
        @inlinable
        public mutating func enterDecoded(from row: borrowing _StatementRow, key: SQLValue, type: ObjectIdentifier) {
            enter(type, key: key, status: .persisted, database: row.database)
        }

        /// ``enterDecoded(from:key:type:)`` for a row of a driver other than SQLite, which the
        /// generated ``Model/init(_$values:key:)`` calls.
        @inlinable
        public mutating func enterDecoded(from row: borrowing _ValueRow, key: SQLValue, type: ObjectIdentifier) {
            enter(type, key: key, status: .persisted, database: row.database)
        }

        /// Marks the object as row `key` of `database`, entered in its identity map under `type`
        /// (one write: the map sets all four before it publishes a fetched object).
        @inlinable
        mutating func enter(_ type: ObjectIdentifier, key: SQLValue, status: Status, database: Database) {
            meta.status = status
            meta.database = database
            meta.storedKey = key
            registeredType = type
        }
    }

    /// A column's value, boxed, as the generated ``Model/_$columnValue(_:replacingWith:)`` gives it.
    struct BoxedValue: @unchecked Sendable {
        /// The column's index in the model's columns.
        let column: Int
        /// A value of the column's property type (`Sendable`, as every persisted property is).
        let value: any Sendable
    }

    /// The rarely needed part of ``Fields``, in a box of its own. Only read and written under the
    /// object's lock, like the fields holding it.
    @usableFromInline final class Extras: @unchecked Sendable {
        var joined: [String: SQLValue] = [:]
        var baseline: [BoxedValue] = []
        /// The transaction frame that recorded values of the object for its rollback, and the
        /// columns it recorded: a column changed again in that frame needs no record (the first
        /// one holds the value to go back to).
        var recordingFrame: UInt64 = 0
        var recordedColumns = ColumnSet()
    }

    /// The object's lock.
    @usableFromInline let lock: AtomicLock

    /// A new object's lock. `@Model` stores one in every object.
    @inlinable
    public init() {
        lock = AtomicLock()
    }

    // MARK: - Used by generated members

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
            owner._$stateFields.meta.dirty.insert(column)
        case .fault:
            // Its row could not be read: nothing to compare with (it loads, keeping this change, later).
            owner._$stateFields.meta.dirty.insert(column)
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
        if let frame = fields.meta.database?.currentFrame {
            frame.record(owner, fields: &fields, column: column, old: old)
        }
        if fields.meta.dirty.contains(column) {
            var baseline = fields.baseline
            guard let index = baseline.firstIndex(where: { $0.column == column }),
                let stored = baseline[index].value as? Value, isSame(stored, new)
            else { return }
            baseline.remove(at: index)
            fields.baseline = baseline
            fields.meta.dirty.remove(column)
        } else {
            fields.meta.dirty.insert(column)
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
    /// The map's safety rests on this call (Documentation/Architecture.md, "Unsafe code and its
    /// invariants").
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
        let type = fields.registeredType.take()
        // The object is being destroyed: its map entry, if any, must go before its memory does.
        // `fields` holds the database for the whole call, so it is borrowed, not retained.
        guard let type, fields.meta.database != nil else { return }
        Unmanaged.passUnretained(fields.meta.database.unsafelyUnwrapped)._withUnsafeGuaranteedRef { database in
            database.identityMap.forget(type: type, key: fields.meta.storedKey, object: object)
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
        guard let database = owner.withMeta({ $0.database }) else { return }
        database.faultIn(owner)
    }
}

// MARK: - Read and written by the runtime

extension Model {
    /// Runs `body` with the metadata, holding the object's lock.
    @inline(__always)
    func withMeta<T>(_ body: (inout ModelState.Meta) throws -> T) rethrows -> T {
        try _$withStateFields { try body(&$0.meta) }
    }

    /// Where the object stands.
    var persistenceStatus: ModelState.Status { withMeta { $0.status } }
    /// The columns changed since the last load or commit.
    var dirtyColumns: ColumnSet { withMeta { $0.dirty } }
    /// The database the object belongs to.
    var stateDatabase: Database? { withMeta { $0.database } }
    /// A copy of the metadata, to restore after a rollback.
    var stateSnapshot: ModelState.Meta { withMeta { $0 } }

    func faultInIfNeeded() {
        if withMeta({ $0.status == .fault }) { ModelState.faultIn(self) }
    }

    /// Changes the metadata. `body` must not change `database` or `storedKey` of an object entered in
    /// the identity map (``IdentityMap/restore(_:to:baseline:)`` does that).
    func updateState(_ body: (inout ModelState.Meta) -> Void) {
        withMeta { body(&$0) }
    }

    /// Marks `columns` written: unchanged, their stored values now their current ones.
    func markWritten(_ columns: ColumnSet) {
        _$withStateFields { fields in
            fields.meta.dirty.subtract(columns)
            if fields.extras != nil { fields.baseline.removeAll { columns.contains($0.column) } }
        }
    }
}

/// What saving an object needs from its bookkeeping, read under one lock (see
/// ``Model/readSaveState(recordingNewIn:)``).
struct SaveState {
    let status: ModelState.Status
    /// The key property's value.
    let key: SQLValue
    /// The columns changed since the last load or commit (empty for a new object: an insert writes
    /// them all).
    var dirty = ColumnSet()
    /// The key the row has in the database (`.null` for a new object).
    var storedKey = SQLValue.null
    /// What a rollback restores, when the read recorded a new object for the frame.
    var restore: WriteLog.Restore?
}

extension Model {
    /// The status and keys of the object, and the columns an update writes, under one lock. When
    /// `frame` is given and the object is new and not yet recorded by that frame, also marks it
    /// recorded and returns what a rollback restores in ``SaveState/restore`` (for the caller to
    /// log). The metadata itself is not copied: a batch insert reads it once per object.
    func readSaveState(recordingNewIn frame: UInt64?) -> SaveState {
        _$withStateFields { fields in
            let key = _$primaryKeyHoldingLock
            guard fields.meta.status == .new else {
                return SaveState(
                    status: fields.meta.status, key: key, dirty: fields.meta.dirty, storedKey: fields.meta.storedKey)
            }
            guard let frame, fields.meta.touchedBy != frame else { return SaveState(status: .new, key: key) }
            // A new object has no stored values of changed columns (only a persisted one keeps them),
            // so the batch insert's path does not look for them.
            let restore = WriteLog.Restore(before: fields.meta, key: key)
            fields.meta.touchedBy = frame
            return SaveState(status: .new, key: key, restore: restore)
        }
    }
}
