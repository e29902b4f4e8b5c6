extension _ModelState {
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
        @usableFromInline package var reference = Reference.none
        @usableFromInline package var meta = Meta()

        /// Whether the object is entered in the identity map of ``database``, at key ``storedKey``,
        /// and under which model type (see ``registeredType(ownClass:)``). Only ``IdentityMap`` sets
        /// it (and a decoded object's initialiser, ``enterDecoded(from:key:)``, before it decodes the
        /// columns: the map then enters the object or takes the mark back; an object whose column
        /// fails to decode dies unseen, and its `deinit` finds no entry holding it), and while it is
        /// set only the map changes ``database`` and the stored key, so the entry can always be found
        /// again (by the object's `deinit`, say) without storing the map or the key twice.
        @inlinable
        package var registration: Registration {
            get { meta.registration }
            set { meta.registration = newValue }
        }

        /// The database the object belongs to.
        @inlinable
        package var database: Database? {
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
        package var dirty: ColumnSet {
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
        package var snapshot: Snapshot {
            Snapshot(
                meta: meta, database: database, dirtyHigh: extras?.dirtyHigh ?? ColumnSet(),
                otherKey: meta.key.kind == .other ? extras?.otherKey : nil)
        }

        /// Puts back what `snapshot` holds (the registration is the caller's, and stays).
        package mutating func restore(_ snapshot: Snapshot) {
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
        package var joined: [String: SQLValue] {
            get { extras?.joined ?? [:] }
            set {
                if newValue.isEmpty && extras == nil { return }
                extras(creating: true).joined = newValue
            }
        }

        /// The values the changed columns had when the object was last read or written (what
        /// ``Model/revert()`` puts back), one per changed column of a persisted object.
        package var baseline: [BoxedValue] {
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
        /// ``Model/init(_$values:key:)`` calls it first, so the map need not reach into the object;
        /// should the row have a live object already, the map takes the entry back before anyone
        /// sees this one. (SQLite's concrete path has its own, for its row.)
        @inlinable @inline(__always)
        public mutating func enterDecoded(from row: borrowing _ValueRow, key: SQLValue) {
            enterFresh(key: key, database: row.database)
        }

        /// Marks a new object's untouched bookkeeping (no database, no box, every bit zero: what
        /// ``init()`` made) as row `key` of `database`, persisted and entered under its own class:
        /// one store a field, which the compiler folds with the initial values it overwrites.
        @inlinable @inline(__always)
        package mutating func enterFresh(key: SQLValue, database: Database) {
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
        package mutating func enter(_ registration: Registration, key: SQLValue, status: Status, database: Database) {
            meta.status = status
            self.database = database
            setStoredKey(key)
            self.registration = registration
        }

        /// Marks the object as row `key` of `database`, entered in its identity map under `type`;
        /// `ownClass` is the object's class.
        package mutating func enter(
            _ type: ObjectIdentifier, ownClass: ObjectIdentifier, key: SQLValue, status: Status, database: Database
        ) {
            meta.status = status
            self.database = database
            setStoredKey(key)
            setRegisteredType(type, ownClass: ownClass)
        }
    }
}
