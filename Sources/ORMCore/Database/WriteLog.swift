/// What a transaction frame wrote, in order: for each write, the object, the `did…` hook to run
/// after the outermost commit, and, for the frame's first write to the object, the state a rollback
/// restores.
///
/// A batch insert logs one entry per object, so the log is kept in chunks: it grows without copying
/// what it holds (an array doubling its storage would copy every entry again and again).
struct WriteLog: Sendable {
    /// One write.
    struct Entry: Sendable {
        let object: any Model
        /// The hook to run once the outermost transaction commits (nil: a record alone).
        var hook: RecordOperation?
        /// The object's state before the frame's first write to it; nil when logged earlier.
        var restore: Restore?
    }

    /// An object's state before a frame's first write to it, and its key then.
    struct Restore: Sendable {
        let before: Before
        let keyBefore: SQLValue
    }

    /// An object's state before a write. A new object that never belonged to a database (every object
    /// of a batch insert) keeps only what can differ; anything else is kept whole, out of line, so
    /// the entry of an insert stays small.
    enum Before: Sendable {
        case pristineNew(dirty: ColumnSet, touchedBy: UInt64)
        indirect case meta(ModelState.Meta)

        init(_ meta: ModelState.Meta) {
            if meta.status == .new && meta.database == nil && meta.storedKey.isNull {
                self = .pristineNew(dirty: meta.dirty, touchedBy: meta.touchedBy)
            } else {
                self = .meta(meta)
            }
        }

        /// The state to restore.
        var meta: ModelState.Meta {
            switch self {
            case .pristineNew(let dirty, let touchedBy):
                var meta = ModelState.Meta()
                meta.dirty = dirty
                meta.touchedBy = touchedBy
                return meta
            case .meta(let meta): return meta
            }
        }

        var status: ModelState.Status {
            switch self {
            case .pristineNew: .new
            case .meta(let meta): meta.status
            }
        }

        var touchedBy: UInt64 {
            switch self {
            case .pristineNew(_, let touchedBy): touchedBy
            case .meta(let meta): meta.touchedBy
            }
        }
    }

    private static let chunkSize = 4_096
    /// Full chunks, oldest first.
    private var chunks: [[Entry]] = []
    /// The chunk being filled: appending touches one array, not an array inside an array.
    private var current: [Entry] = []

    /// Whether nothing was logged.
    var isEmpty: Bool { current.isEmpty && chunks.isEmpty }

    /// Logs a write.
    mutating func append(_ entry: Entry) {
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

    /// Every entry, in order.
    func forEach(_ body: (Entry) throws -> Void) rethrows {
        for chunk in chunks {
            for entry in chunk { try body(entry) }
        }
        for entry in current { try body(entry) }
    }

    /// Every entry, last first.
    func forEachReversed(_ body: (Entry) throws -> Void) rethrows {
        for entry in current.reversed() { try body(entry) }
        for chunk in chunks.reversed() {
            for entry in chunk.reversed() { try body(entry) }
        }
    }
}
