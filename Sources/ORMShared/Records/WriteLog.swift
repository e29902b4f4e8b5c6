/// What a transaction frame wrote, in order: for each write, the object, the `did…` hook to run
/// after the outermost commit, and, for the frame's first write or change to the object, the state a
/// rollback restores; for each change of a property made in the frame, the value it had before.
///
/// A batch insert logs one entry per object, so the log is kept in chunks: it grows without copying
/// what it holds (an array doubling its storage would copy every entry again and again).
package struct WriteLog: Sendable {
    /// One write. Its fields are laid out so that it packs into 40 bytes: a batch insert logs one per
    /// object, and a smaller log is less memory to fault in and to write.
    package struct Entry: Sendable {
        package let object: any Model
        /// The object's state before the frame's first write to it; nil when logged earlier.
        package var restore: Restore?
        /// The hook to run once the outermost transaction commits (nil: a record alone).
        package var hook: RecordOperation?

        package init(object: any Model, hook: RecordOperation?, restore: Restore?) {
            self.object = object
            self.restore = restore
            self.hook = hook
        }
    }

    /// What a rollback puts back: an object's state before a frame's first write or change to it,
    /// and its key then; or the value a column had before a change made in the frame. A new object
    /// that never belonged to a database and has an integer key (every object of a batch insert)
    /// keeps only what can differ, inline; anything else is kept out of line.
    package enum Restore: Sendable {
        case pristineNew(dirty: UInt32, key: Int64)
        indirect case state(ModelState.Snapshot, key: SQLValue, baseline: [ModelState.BoxedValue])
        /// A column's value before a change made in the frame (rolled back in reverse order, the
        /// first change's value is the one left).
        indirect case value(ModelState.BoxedValue)

        /// Borrows `fields`: the metadata is copied only when kept whole.
        init(before fields: borrowing ModelState.Fields, key: SQLValue, baseline: [ModelState.BoxedValue]) {
            if baseline.isEmpty {
                self.init(before: fields, key: key)
            } else {
                self = .state(fields.snapshot, key: key, baseline: baseline)
            }
        }

        /// The state of an object with no stored values of changed columns (a new one: every object
        /// of a batch insert). Borrows `fields`: the metadata is copied only when kept whole.
        init(before fields: borrowing ModelState.Fields, key: SQLValue) {
            // No database and no box, new, no stored key, recorded by no frame: every bit but how the
            // object is entered in a map (which a rollback leaves to the map) is zero.
            if case .none = fields.reference, fields.meta.bits & ~ModelState.Meta.registrationMask == 0,
                case .integer(let integer) = key
            {
                self = .pristineNew(dirty: fields.meta.dirtyLow, key: integer)
            } else {
                self = .state(fields.snapshot, key: key, baseline: [])
            }
        }

        /// The metadata to restore (nil for a column's value).
        package var snapshot: ModelState.Snapshot? {
            switch self {
            case .pristineNew(let dirty, _):
                var meta = ModelState.Meta()
                meta.dirtyLow = dirty
                return ModelState.Snapshot(meta: meta)
            case .state(let snapshot, _, _): return snapshot
            case .value: return nil
            }
        }

        /// The stored values of changed columns to restore.
        package var baseline: [ModelState.BoxedValue] {
            switch self {
            case .state(_, _, let baseline): baseline
            case .pristineNew, .value: []
            }
        }

        /// The key to restore.
        package var keyBefore: SQLValue {
            switch self {
            case .pristineNew(_, let key): .integer(key)
            case .state(_, let key, _): key
            case .value: .null
            }
        }

        /// The serial of the frame that recorded the object before (0: none); nil for a column's value.
        var touchedBy: UInt64? {
            switch self {
            case .pristineNew: 0
            case .state(let snapshot, _, _): snapshot.meta.touchedBy
            case .value: nil
            }
        }
    }

    private static let chunkSize = 4_096
    /// Full chunks, oldest first.
    private var chunks: [[Entry]] = []
    /// The chunk being filled: appending touches one array, not an array inside an array.
    private var current: [Entry] = []

    /// Whether nothing was logged.
    package var isEmpty: Bool { current.isEmpty && chunks.isEmpty }

    /// How many entries were logged.
    package var count: Int { chunks.count * Self.chunkSize + current.count }

    /// Logs a write (moved in: the entry's object is not retained again).
    package mutating func append(_ entry: consuming Entry) {
        if current.count == Self.chunkSize {
            chunks.append(current)
            // The first chunk grows as needed (most transactions write a few objects); later ones
            // are allocated whole.
            current = []
            current.reserveCapacity(Self.chunkSize)
        }
        current.append(entry)
    }

    /// Logs `hook` for `object`: on the last entry when that is the object's own record without a
    /// hook (an insert: its record, then its hook), else as a new entry.
    mutating func appendHook<T: Model>(_ hook: RecordOperation, for object: T) {
        if let index = current.indices.last, current[index].hook == nil, current[index].object === object {
            current[index].hook = hook
        } else {
            append(Entry(object: object, hook: hook, restore: nil))
        }
    }

    /// Every entry, in order, lent to `body` (not copied: a rollback record in an entry is not
    /// copied for a pass that does not need it).
    package func forEach(_ body: (borrowing Entry) throws -> Void) rethrows {
        for chunk in chunks { try Self.forEach(in: chunk, body) }
        try Self.forEach(in: current, body)
    }

    /// Each logged `did…` hook with its object, in order, without copying the entries (the object
    /// itself is still retained around the call: `body` could release what the log holds).
    func forEachHook(_ body: (borrowing any Model, RecordOperation) throws -> Void) rethrows {
        for chunk in chunks { try Self.forEachHook(in: chunk, body) }
        try Self.forEachHook(in: current, body)
    }

    private static func forEachHook(in chunk: [Entry], _ body: (borrowing any Model, RecordOperation) throws -> Void) rethrows {
        try chunk.withUnsafeBufferPointer { entries in
            for index in entries.indices {
                if let hook = entries[index].hook { try body(entries[index].object, hook) }
            }
        }
    }

    /// Every entry, last first (lent, as by ``forEach(_:)``).
    func forEachReversed(_ body: (borrowing Entry) throws -> Void) rethrows {
        try Self.forEach(in: current, reversed: true, body)
        for chunk in chunks.reversed() { try Self.forEach(in: chunk, reversed: true, body) }
    }

    /// Lends each entry of `chunk` through its buffer (an array's subscript would copy it).
    private static func forEach(
        in chunk: [Entry], reversed: Bool = false, _ body: (borrowing Entry) throws -> Void
    ) rethrows {
        try chunk.withUnsafeBufferPointer { entries in
            if reversed {
                for index in entries.indices.reversed() { try body(entries[index]) }
            } else {
                for index in entries.indices { try body(entries[index]) }
            }
        }
    }
}
