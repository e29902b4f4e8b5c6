extension _ModelState {
    /// The database an object belongs to, in one word with the box of extras: the database itself
    /// while the object has no box (nearly every object), else the box, which holds the database.
    @usableFromInline @frozen
    package enum Reference: Sendable {
        /// No database and no box (a new object).
        case none
        /// The database; no box.
        case direct(Database)
        /// The box, holding the database (or none).
        case inExtras(Extras)
    }

    /// What a rollback restores: the metadata, the database, the changed columns past the 32nd, and
    /// a key other than an integer.
    package struct Snapshot: Sendable {
        package var meta: Meta
        package var database: Database?
        var dirtyHigh = ColumnSet()
        package var otherKey: SQLValue?

        package var status: Status { meta.status }
        var storedKey: SQLValue {
            switch meta.key.kind {
            case .null: .null
            case .integer: .integer(meta.key.integer)
            case .other: otherKey ?? .null
            }
        }
        package var dirty: ColumnSet {
            var dirty = dirtyHigh
            dirty.low |= UInt64(meta.dirtyLow)
            return dirty
        }
    }

    /// A column's value, boxed, as the generated ``Model/_$columnValue(_:replacingWith:)`` gives it.
    package struct BoxedValue: @unchecked Sendable {
        /// The column's index in the model's columns.
        package let column: Int
        /// A value of the column's property type (`Sendable`, as every persisted property is).
        package let value: any Sendable
    }

    /// The rarely needed part of ``Fields``, in a box of its own, with the object's database. Only
    /// read and written under the object's lock, like the fields holding it (and by the object's
    /// `deinit`, see ``willDeinit(_:object:)``).
    @usableFromInline package final class Extras: @unchecked Sendable {
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
}
