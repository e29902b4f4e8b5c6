/// One level of an open transaction: the outermost `BEGIN`, or a savepoint inside it.
final class TransactionFrame {
    /// An object written in this frame, with its state before the first write.
    struct Touched {
        let object: any Model
        let before: ModelState.Meta
        let keyBefore: SQLValue
    }

    let savepoint: String?
    let changeMark: Connection.PendingMark
    private(set) var touched: [Touched] = []
    private var touchedIDs: Set<ObjectIdentifier> = []
    /// Model types whose tables were created or migrated in this frame: forgotten if it rolls back.
    var preparedModels: [ObjectIdentifier] = []
    /// Hooks to run once the outermost transaction commits.
    var afterCommit: [@Sendable () -> Void] = []
    /// Objects whose `did…` hook runs once the outermost transaction commits.
    var didHooks: [(object: any Model, operation: RecordOperation)] = []
    /// Set when a veto or `fail` dooms the frame: it rolls back whatever the body returns.
    var failure: (any Error)?

    init(savepoint: String?, changeMark: Connection.PendingMark) {
        self.savepoint = savepoint
        self.changeMark = changeMark
    }

    /// Records `object`'s state before this frame's first write to it.
    func touch(_ object: any Model) {
        if touchedIDs.insert(ObjectIdentifier(object)).inserted {
            touched.append(Touched(object: object, before: object._$state.snapshot, keyBefore: object._$primaryKey))
        }
    }

    /// Hands this (released) savepoint's work to its parent.
    func merge(into parent: TransactionFrame) {
        for entry in touched where parent.touchedIDs.insert(ObjectIdentifier(entry.object)).inserted {
            parent.touched.append(entry)
        }
        parent.afterCommit += afterCommit
        parent.didHooks += didHooks
        parent.preparedModels += preparedModels
    }
}
