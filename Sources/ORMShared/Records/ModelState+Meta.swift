extension _ModelState {
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
        @usableFromInline package var bits: UInt64 = 0
        /// The changed columns among the first 32 (``Fields/dirty`` adds the others).
        @usableFromInline var dirtyLow: UInt32 = 0

        @inlinable init() {}

        /// Where the object stands.
        @inlinable
        package var status: Status {
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
        package var key: StoredKey {
            get { StoredKey(integer: keyInteger, kind: StoredKey.Kind(bits: bits >> 2 & 3)) }
            set {
                keyInteger = newValue.integer
                bits = bits & ~(3 << 2) | newValue.kind.bits << 2
            }
        }

        /// How the object is entered in the identity map (see ``Fields/registration``).
        @inlinable
        package var registration: Registration {
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
    package struct StoredKey: Sendable {
        /// Where the key is.
        @usableFromInline @frozen
        package enum Kind: UInt8, Sendable {
            /// No key (a new object).
            case null
            /// ``integer`` holds it.
            case integer
            /// ``Extras/otherKey`` holds it.
            case other

            /// The kind two bits of ``Meta/bits`` hold.
            @inlinable
            package init(bits: UInt64) {
                switch bits {
                case 1: self = .integer
                case 2: self = .other
                default: self = .null
                }
            }

            /// The two bits ``Meta/bits`` holds for the kind.
            @inlinable
            package var bits: UInt64 { UInt64(rawValue) }
        }

        @usableFromInline package var integer: Int64
        @usableFromInline package var kind: Kind

        @inlinable
        init(integer: Int64, kind: Kind) {
            self.integer = integer
            self.kind = kind
        }

        /// No key.
        @inlinable
        package static var null: StoredKey { StoredKey(integer: 0, kind: .null) }
    }

    /// The model type an object is entered under in its database's identity map: none, its own
    /// class (what every fetch and commit enters it under), or another class (a subclass's object
    /// entered under its superclass's model), which ``Extras`` holds.
    @usableFromInline @frozen
    package enum Registration: UInt8, Sendable {
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
        package var bits: UInt64 { UInt64(rawValue) }
    }
}
