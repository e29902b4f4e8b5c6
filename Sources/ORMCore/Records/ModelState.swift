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

        /// The two bits ``Meta/bits`` holds for the status.
        @inlinable
        var bits: UInt64 {
            switch self {
            case .new: 0
            case .persisted: 1
            case .fault: 2
            case .deleted: 3
            }
        }
    }

    /// The bookkeeping a rollback restores, packed into 20 bytes: every model object carries one
    /// (see ``Fields`` for the whole layout). The database it belongs to is kept beside it, in
    /// ``Fields/reference``; the changed columns past the 32nd and a key other than an integer in
    /// ``Extras`` (``Snapshot`` holds all of them).
    ///
    /// `@frozen`, like ``Fields`` and ``StoredKey``: the initial values of their fields are then
    /// inlined into every model's initialisers, not a call into ORMCore for each object made.
    @frozen
    public struct Meta: Sendable {
        /// The stored key when it is an integer (``key`` says whether it is).
        @usableFromInline var keyInteger: Int64 = 0
        /// One word for the rest: the status (bits 0 and 1), where the stored key is (bits 2 and 3),
        /// how the object is entered in the identity map (bits 4 and 5: ``Fields/registration``,
        /// which a rollback does not restore), and the serial of the last transaction frame that
        /// recorded the object (bits 6 to 63, ``touchedBy``). All zero for a new object.
        @usableFromInline var bits: UInt64 = 0
        /// The changed columns among the first 32 (``Fields/dirty`` adds the others).
        @usableFromInline var dirtyLow: UInt32 = 0

        @inlinable init() {}

        /// Where the object stands.
        @inlinable
        var status: Status {
            get {
                switch bits & 3 {
                case 0: .new
                case 1: .persisted
                case 2: .fault
                default: .deleted
                }
            }
            set { bits = bits & ~3 | newValue.bits }
        }

        /// The key the row has in the database (an update or delete targets it), as stored: see
        /// ``Fields/storedKey``.
        @inlinable
        var key: StoredKey {
            get { StoredKey(integer: keyInteger, kind: StoredKey.Kind(bits: bits >> 2 & 3)) }
            set {
                keyInteger = newValue.integer
                bits = bits & ~(3 << 2) | newValue.kind.bits << 2
            }
        }

        /// How the object is entered in the identity map (see ``Fields/registration``).
        @inlinable
        var registration: Registration {
            get { Registration(bits: bits >> 4 & 3) }
            set { bits = bits & ~Self.registrationMask | newValue.bits << 4 }
        }

        /// The bits of ``bits`` that hold ``registration``.
        @usableFromInline static let registrationMask: UInt64 = 3 << 4

        /// The serial of the last transaction frame that recorded this object for a rollback (0:
        /// none). Frame serials stay below ``serialLimit`` (``WriterRecordState/serial(after:)``).
        @inlinable
        var touchedBy: UInt64 {
            get { bits >> 6 }
            set { bits = bits & 0x3F | newValue << 6 }
        }

        /// Frame serials are below this, so that one fits beside the flags in ``bits``: 2^58. A
        /// writer that opened a frame every nanosecond would take nine years to reach it; each frame
        /// runs a `BEGIN` or `SAVEPOINT` statement (microseconds), so no process gets near it.
        static let serialLimit: UInt64 = 1 << 58
    }

    /// A row's key as an object stores it: an integer inline (every rowid key); any other value in
    /// ``Extras`` (``Fields/storedKey`` reads both). Plain bits: copying or destroying the metadata
    /// never touches it, where a ``SQLValue`` (17 bytes) needed an outlined copy and destroy.
    @usableFromInline @frozen
    struct StoredKey: Sendable {
        /// Where the key is.
        @usableFromInline @frozen
        enum Kind: UInt8, Sendable {
            /// No key (a new object).
            case null
            /// ``integer`` holds it.
            case integer
            /// ``Extras/otherKey`` holds it.
            case other

            /// The kind two bits of ``Meta/bits`` hold.
            @inlinable
            init(bits: UInt64) {
                switch bits {
                case 1: self = .integer
                case 2: self = .other
                default: self = .null
                }
            }

            /// The two bits ``Meta/bits`` holds for the kind.
            @inlinable
            var bits: UInt64 { UInt64(rawValue) }
        }

        @usableFromInline var integer: Int64
        @usableFromInline var kind: Kind

        @inlinable
        init(integer: Int64, kind: Kind) {
            self.integer = integer
            self.kind = kind
        }

        /// No key.
        @inlinable
        static var null: StoredKey { StoredKey(integer: 0, kind: .null) }
    }

    /// The model type an object is entered under in its database's identity map: none, its own
    /// class (what every fetch and commit enters it under), or another class (a subclass's object
    /// entered under its superclass's model), which ``Extras`` holds.
    @usableFromInline @frozen
    enum Registration: UInt8, Sendable {
        case none, ownClass, other

        /// The registration two bits of ``Meta/bits`` hold.
        @inlinable
        init(bits: UInt64) {
            switch bits {
            case 1: self = .ownClass
            case 2: self = .other
            default: self = .none
            }
        }

        /// The two bits ``Meta/bits`` holds for the registration.
        @inlinable
        var bits: UInt64 { UInt64(rawValue) }
    }

    /// The database an object belongs to, in one word with the box of extras: the database itself
    /// while the object has no box (nearly every object), else the box, which holds the database.
    @usableFromInline @frozen
    enum Reference: Sendable {
        /// No database and no box (a new object).
        case none
        /// The database; no box.
        case direct(Database)
        /// The box, holding the database (or none).
        case inExtras(Extras)
    }

    /// What a rollback restores: the metadata, the database, the changed columns past the 32nd, and
    /// a key other than an integer.
    struct Snapshot: Sendable {
        var meta: Meta
        var database: Database?
        var dirtyHigh = ColumnSet()
        var otherKey: SQLValue?

        var status: Status { meta.status }
        var storedKey: SQLValue {
            switch meta.key.kind {
            case .null: .null
            case .integer: .integer(meta.key.integer)
            case .other: otherKey ?? .null
            }
        }
        var dirty: ColumnSet {
            var dirty = dirtyHigh
            dirty.low |= UInt64(meta.dirtyLow)
            return dirty
        }
    }

    /// What the lock guards besides the properties: the database (or the box of extras holding it)
    /// and the metadata a rollback restores, with where the object is entered in the identity map
    /// (never restored: it follows the map). 28 bytes, with the lock after it (`@Model` declares
    /// `_$stateFields` before `_$state`): 32 an object in all, so that an object of five properties
    /// is 104 bytes (one of glibc's 112-byte blocks).
    @frozen
    public struct Fields: Sendable {
        /// The database, or the box of what few objects need (joined values, the stored values of
        /// changed columns, changed columns past the 32nd, a key other than an integer), made on
        /// first need, which then holds the database. Outside ``Meta``: copying the metadata (every
        /// write does) stays cheap.
        @usableFromInline var reference = Reference.none
        @usableFromInline var meta = Meta()

        /// Whether the object is entered in the identity map of ``database``, at key ``storedKey``,
        /// and under which model type (see ``registeredType(ownClass:)``). Only ``IdentityMap`` sets
        /// it (and a decoded object's initialiser, ``enterDecoded(from:key:)``, before it decodes the
        /// columns: the map then enters the object or takes the mark back; an object whose column
        /// fails to decode dies unseen, and its `deinit` finds no entry holding it), and while it is
        /// set only the map changes ``database`` and the stored key, so the entry can always be found
        /// again (by the object's `deinit`, say) without storing the map or the key twice.
        @inlinable
        var registration: Registration {
            get { meta.registration }
            set { meta.registration = newValue }
        }

        /// The database the object belongs to.
        @inlinable
        var database: Database? {
            get {
                switch reference {
                case .none: nil
                case .direct(let database): database
                case .inExtras(let extras): extras.database
                }
            }
            set {
                if case .inExtras(let extras) = reference {
                    extras.database = newValue
                } else if let newValue {
                    reference = .direct(newValue)
                } else {
                    reference = .none
                }
            }
        }

        /// The box of extras, nil while the object has none.
        var extras: Extras? {
            if case .inExtras(let extras) = reference { extras } else { nil }
        }

        /// The model type the object is entered under, nil when it is not entered; `ownClass` is the
        /// object's class (`type(of: object)`).
        func registeredType(ownClass: ObjectIdentifier) -> ObjectIdentifier? {
            switch registration {
            case .none: nil
            case .ownClass: ownClass
            case .other: extras?.registeredType
            }
        }

        /// Marks the object entered under `type` (nil: not entered); `ownClass` is its class.
        @inline(__always)
        mutating func setRegisteredType(_ type: ObjectIdentifier?, ownClass: ObjectIdentifier) {
            if type == ownClass {
                registration = .ownClass
            } else {
                setOtherRegisteredType(type, ownClass: ownClass)
            }
        }

        /// ``setRegisteredType(_:ownClass:)`` for none or another type than the object's class.
        private mutating func setOtherRegisteredType(_ type: ObjectIdentifier?, ownClass: ObjectIdentifier) {
            guard let type else {
                registration = .none
                return
            }
            if type == ownClass {
                registration = .ownClass
            } else {
                extras(creating: true).registeredType = type
                registration = .other
            }
        }

        /// The columns changed since the last load or commit.
        var dirty: ColumnSet {
            get {
                var dirty = extras?.dirtyHigh ?? ColumnSet()
                dirty.low |= UInt64(meta.dirtyLow)
                return dirty
            }
            set {
                meta.dirtyLow = UInt32(truncatingIfNeeded: newValue.low)
                var high = newValue
                high.low &= ~UInt64(UInt32.max)
                if extras != nil || !high.isEmpty { extras(creating: true).dirtyHigh = high }
            }
        }

        /// Marks column `column` changed.
        @inlinable @inline(__always)
        mutating func markChanged(_ column: Int) {
            if column < 32 {
                meta.dirtyLow |= 1 << UInt32(column)
            } else {
                markChangedHigh(column)
            }
        }

        @usableFromInline
        mutating func markChangedHigh(_ column: Int) {
            dirty.insert(column)
        }

        /// Marks no column changed.
        mutating func clearChanges() {
            meta.dirtyLow = 0
            if case .inExtras(let extras) = reference, !extras.dirtyHigh.isEmpty { extras.dirtyHigh = ColumnSet() }
        }

        /// The metadata, the database, the changed columns past the 32nd and a key other than an
        /// integer, to restore after a rollback.
        var snapshot: Snapshot {
            Snapshot(
                meta: meta, database: database, dirtyHigh: extras?.dirtyHigh ?? ColumnSet(),
                otherKey: meta.key.kind == .other ? extras?.otherKey : nil)
        }

        /// Puts back what `snapshot` holds (the registration is the caller's, and stays).
        mutating func restore(_ snapshot: Snapshot) {
            let registration = self.registration
            meta = snapshot.meta
            self.registration = registration
            database = snapshot.database
            if extras != nil || !snapshot.dirtyHigh.isEmpty { extras(creating: true).dirtyHigh = snapshot.dirtyHigh }
            if let otherKey = snapshot.otherKey { extras(creating: true).otherKey = otherKey }
        }

        /// The key the row has in the database (an update or delete targets it).
        var storedKey: SQLValue {
            get {
                switch meta.key.kind {
                case .null: .null
                case .integer: .integer(meta.key.integer)
                case .other: extras?.otherKey ?? .null
                }
            }
            set { setStoredKey(newValue) }
        }

        /// Sets the stored key: an integer inline, any other value in the extras box.
        @inlinable @inline(__always)
        mutating func setStoredKey(_ key: SQLValue) {
            if case .integer(let integer) = key {
                meta.key = StoredKey(integer: integer, kind: .integer)
            } else {
                setStoredKeyOutOfLine(key)
            }
        }

        @usableFromInline
        mutating func setStoredKeyOutOfLine(_ key: SQLValue) {
            if key.isNull {
                meta.key = .null
            } else {
                extras(creating: true).otherKey = key
                meta.key = StoredKey(integer: 0, kind: .other)
            }
        }

        /// Values of joined tables from the last query that fetched the object (empty when none).
        var joined: [String: SQLValue] {
            get { extras?.joined ?? [:] }
            set {
                if newValue.isEmpty && extras == nil { return }
                extras(creating: true).joined = newValue
            }
        }

        /// The values the changed columns had when the object was last read or written (what
        /// ``Model/revert()`` puts back), one per changed column of a persisted object.
        var baseline: [BoxedValue] {
            get { extras?.baseline ?? [] }
            set {
                if newValue.isEmpty && extras == nil { return }
                extras(creating: true).baseline = newValue
            }
        }

        /// Notes that transaction frame `frame` records column `column`'s value; false when it did
        /// already.
        mutating func noteRecorded(column: Int, frame: UInt64) -> Bool {
            let extras = extras(creating: true)
            if extras.recordingFrame != frame {
                extras.recordingFrame = frame
                extras.recordedColumns.removeAll()
            } else if extras.recordedColumns.contains(column) {
                return false
            }
            extras.recordedColumns.insert(column)
            return true
        }

        /// The box of extras, made first if the object has none (the database moves into it).
        private mutating func extras(creating: Bool) -> Extras {
            switch reference {
            case .inExtras(let extras):
                return extras
            case .direct(let database):
                let extras = Extras(database: database)
                reference = .inExtras(extras)
                return extras
            case .none:
                let extras = Extras(database: nil)
                reference = .inExtras(extras)
                return extras
            }
        }

        /// A new object's bookkeeping. `@Model` stores one in every object.
        @inlinable
        public init() {}

        /// Marks an object just decoded from a row of `row.database` whose key column holds `key`:
        /// persisted, and entered in the identity map under its own class. The generated
        /// ``Model/init(_$row:key:)`` calls it first, so the map need not reach into the object; should
        /// the row have a live object already, the map takes the entry back before anyone sees this one.
        @inlinable @inline(__always)
        public mutating func enterDecoded(from row: borrowing _StatementRow, key: SQLValue) {
            enterFresh(key: key, database: row.database)
        }

        /// ``enterDecoded(from:key:)`` for a row of a driver other than SQLite, which the
        /// generated ``Model/init(_$values:key:)`` calls.
        @inlinable @inline(__always)
        public mutating func enterDecoded(from row: borrowing _ValueRow, key: SQLValue) {
            enterFresh(key: key, database: row.database)
        }

        /// Marks a new object's untouched bookkeeping (no database, no box, every bit zero: what
        /// ``init()`` made) as row `key` of `database`, persisted and entered under its own class:
        /// one store a field, which the compiler folds with the initial values it overwrites.
        @inlinable @inline(__always)
        mutating func enterFresh(key: SQLValue, database: Database) {
            reference = .direct(database)
            let entered = Status.persisted.bits | Registration.ownClass.bits << 4
            if case .integer(let integer) = key {
                meta.keyInteger = integer
                meta.bits = entered | StoredKey.Kind.integer.bits << 2
            } else {
                meta.bits = entered
                setStoredKeyOutOfLine(key)
            }
        }

        /// Marks the object as row `key` of `database`, entered in its identity map as `registration`
        /// says (one write: the map sets all four before it publishes a fetched object).
        @inlinable
        mutating func enter(_ registration: Registration, key: SQLValue, status: Status, database: Database) {
            meta.status = status
            self.database = database
            setStoredKey(key)
            self.registration = registration
        }

        /// Marks the object as row `key` of `database`, entered in its identity map under `type`;
        /// `ownClass` is the object's class.
        mutating func enter(
            _ type: ObjectIdentifier, ownClass: ObjectIdentifier, key: SQLValue, status: Status, database: Database
        ) {
            meta.status = status
            self.database = database
            setStoredKey(key)
            setRegisteredType(type, ownClass: ownClass)
        }
    }

    /// A column's value, boxed, as the generated ``Model/_$columnValue(_:replacingWith:)`` gives it.
    struct BoxedValue: @unchecked Sendable {
        /// The column's index in the model's columns.
        let column: Int
        /// A value of the column's property type (`Sendable`, as every persisted property is).
        let value: any Sendable
    }

    /// The rarely needed part of ``Fields``, in a box of its own, with the object's database. Only
    /// read and written under the object's lock, like the fields holding it (and by the object's
    /// `deinit`, see ``willDeinit(_:object:)``).
    @usableFromInline final class Extras: @unchecked Sendable {
        /// The database the object belongs to (``Fields/database``).
        @usableFromInline var database: Database?
        var joined: [String: SQLValue] = [:]
        var baseline: [BoxedValue] = []
        /// The transaction frame that recorded values of the object for its rollback, and the
        /// columns it recorded: a column changed again in that frame needs no record (the first
        /// one holds the value to go back to).
        var recordingFrame: UInt64 = 0
        var recordedColumns = ColumnSet()
        /// The changed columns past the 32nd (the first 32 are in ``Meta/dirtyLow``).
        var dirtyHigh = ColumnSet()
        /// The model type the object is entered under, when not its own class.
        var registeredType: ObjectIdentifier?
        /// The stored key, when not NULL or an integer (see ``StoredKey``).
        var otherKey: SQLValue = .null

        init(database: Database?) {
            self.database = database
        }
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
    var dirtyColumns: ColumnSet { _$withStateFields { $0.dirty } }
    /// The database the object belongs to.
    var stateDatabase: Database? { _$withStateFields { $0.database } }
    /// The key the object's row has in the database (an update or delete targets it).
    var stateStoredKey: SQLValue { _$withStateFields { $0.storedKey } }
    /// A copy of the metadata and the changed columns, to restore after a rollback.
    var stateSnapshot: ModelState.Snapshot { _$withStateFields { $0.snapshot } }

    func faultInIfNeeded() {
        if withMeta({ $0.status == .fault }) { ModelState.faultIn(self) }
    }

    /// Changes the metadata. `body` must not change `storedKey` of an object entered in the identity
    /// map (``IdentityMap/restore(_:to:baseline:)`` does that).
    func updateState(_ body: (inout ModelState.Meta) -> Void) {
        withMeta { body(&$0) }
    }

    /// Marks `columns` written: unchanged, their stored values now their current ones.
    func markWritten(_ columns: ColumnSet) {
        _$withStateFields { fields in
            fields.meta.dirtyLow &= ~UInt32(truncatingIfNeeded: columns.low)
            if fields.extras != nil {
                fields.dirty.subtract(columns)
                fields.baseline.removeAll { columns.contains($0.column) }
            }
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
                    status: fields.meta.status, key: key, dirty: fields.dirty, storedKey: fields.storedKey)
            }
            guard let frame, fields.meta.touchedBy != frame else { return SaveState(status: .new, key: key) }
            // A new object has no stored values of changed columns (only a persisted one keeps them),
            // so the batch insert's path does not look for them.
            let restore = WriteLog.Restore(before: fields, key: key)
            fields.meta.touchedBy = frame
            return SaveState(status: .new, key: key, restore: restore)
        }
    }
}
