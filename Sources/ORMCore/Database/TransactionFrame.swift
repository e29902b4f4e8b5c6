/// One level of an open transaction: the outermost `BEGIN`, or a savepoint inside it.
final class TransactionFrame {
    /// An object written in this frame, with its state before the first write.
    struct Touched {
        let object: any Model
        let before: ModelState.Meta
        let keyBefore: SQLValue
    }

    /// Unique among the frames of a writer: an object's state remembers the last frame that recorded
    /// it, so recording it again in the same frame costs one look at that number (no set of objects).
    let serial: UInt64
    let savepoint: String?
    let changeMark: Connection.PendingMark
    private(set) var touched: [Touched] = []
    /// Model types whose tables were created or migrated in this frame: forgotten if it rolls back.
    var preparedModels: [ObjectIdentifier] = []
    /// Hooks to run once the outermost transaction commits.
    var afterCommit: [@Sendable () -> Void] = []
    /// Objects whose `did…` hook runs once the outermost transaction commits.
    var didHooks: [(object: any Model, operation: RecordOperation)] = []
    /// Set when a veto or `fail` dooms the frame: it rolls back whatever the body returns.
    var failure: (any Error)?

    init(serial: UInt64, savepoint: String?, changeMark: Connection.PendingMark) {
        self.serial = serial
        self.savepoint = savepoint
        self.changeMark = changeMark
    }

    /// Records `object`'s state before this frame's first write to it; `key` is its key now.
    func touch<T: Model>(_ object: T, key: SQLValue) {
        let (before, isFirst) = object._$state.touch(frame: serial)
        if isFirst { record(object, before: before, key: key) }
    }

    /// Records `object`'s state, already marked as recorded by this frame (see ``ModelState``).
    func record(_ object: any Model, before: ModelState.Meta, key: SQLValue) {
        touched.append(Touched(object: object, before: before, keyBefore: key))
    }

    /// Hands this (released) savepoint's work to its parent.
    func merge(into parent: TransactionFrame) {
        for entry in touched {
            // Touched in the parent before this savepoint: the parent's earlier record stands.
            if entry.before.touchedBy != parent.serial { parent.touched.append(entry) }
            entry.object._$state.update { meta in
                if meta.touchedBy == serial { meta.touchedBy = parent.serial }
            }
        }
        parent.afterCommit += afterCommit
        parent.didHooks += didHooks
        parent.preparedModels += preparedModels
    }
}
