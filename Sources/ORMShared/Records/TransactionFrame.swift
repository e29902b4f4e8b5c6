/// One level of an open transaction: the outermost `BEGIN`, or a savepoint inside it.
package final class TransactionFrame {
    /// Unique among the frames of a writer: an object's state remembers the last frame that recorded
    /// it, so recording it again in the same frame costs one look at that number (no set of objects).
    package let serial: UInt64
    package let savepoint: String?
    let changeMark: ChangeSet.Mark
    /// The objects written, their `did…` hooks, and what a rollback restores.
    /// Appended to for every object written, only by the writer's lock holder (no run-time
    /// exclusivity checks).
    @exclusivity(unchecked) package private(set) var log = WriteLog()
    /// Model types whose tables were created or migrated in this frame. The schema registry is told
    /// only once the outermost transaction commits: until then other threads must not read the
    /// tables, and a rollback leaves the registry as it was.
    var preparedModels: [any Model.Type] = []
    /// Hooks to run once the outermost transaction commits.
    var afterCommit: [@Sendable () -> Void] = []
    /// Set by ``Transaction/fail(_:)``: the frame rolls back whatever its body returns (it dooms no
    /// other frame).
    var failure: (any Error)?

    init(serial: UInt64, savepoint: String?, changeMark: ChangeSet.Mark) {
        self.serial = serial
        self.savepoint = savepoint
        self.changeMark = changeMark
    }

    /// Records `object`'s state before this frame's first write or change to it.
    package func touch<T: Model>(_ object: T) {
        object._$withStateFields { fields in touch(object, fields: &fields) }
    }

    /// ``touch(_:)`` with `object`'s bookkeeping, whose lock the caller holds.
    package func touch<T: Model>(_ object: T, fields: inout ModelState.Fields) {
        guard fields.meta.touchedBy != serial else { return }
        let restore = WriteLog.Restore(
            before: fields, key: object._$primaryKeyHoldingLock, baseline: fields.baseline)
        fields.meta.touchedBy = serial
        record(object, restore: restore)
    }

    /// Records that `object` (with its bookkeeping `fields`, whose lock the caller holds) changes
    /// column `column` from `old`, and its state first if this is the frame's first write or change
    /// to it: a rollback puts both back.
    package func record<T: Model>(_ object: T, fields: inout ModelState.Fields, column: Int, old: any Sendable) {
        touch(object, fields: &fields)
        // Only the frame's first change of the column: the value a rollback goes back to.
        guard fields.noteRecorded(column: column, frame: serial) else { return }
        log.append(.init(object: object, hook: nil, restore: .value(.init(column: column, value: old))))
    }

    /// Records what a rollback restores of `object`, already marked as recorded by this frame (see
    /// ``ModelState``).
    package func record<T: Model>(_ object: T, restore: WriteLog.Restore) {
        log.append(.init(object: object, hook: nil, restore: restore))
    }

    /// Queues `object`'s `did…` hook for once the outermost transaction commits.
    func queueHook<T: Model>(_ operation: RecordOperation, for object: T) {
        log.appendHook(operation, for: object)
    }

    /// Hands this (released) savepoint's work to its parent.
    package func merge(into parent: TransactionFrame) {
        log.forEach { borrowed in
            var entry = copy borrowed
            if let restore = entry.restore, let touchedBy = restore.touchedBy {
                // Touched in the parent before this savepoint: the parent's earlier record stands.
                if touchedBy == parent.serial { entry.restore = nil }
                entry.object.updateState { meta in
                    if meta.touchedBy == serial { meta.touchedBy = parent.serial }
                }
            }
            if entry.restore != nil || entry.hook != nil { parent.log.append(entry) }
        }
        parent.afterCommit += afterCommit
        parent.preparedModels += preparedModels
    }
}
