/// What saving an object needs from its bookkeeping, read under one lock (see
/// ``Model/readSaveState(recordingNewIn:)``).
struct SaveState {
    package let status: ModelState.Status
    /// The key property's value.
    package let key: SQLValue
    /// The columns changed since the last load or commit (empty for a new object: an insert writes
    /// them all).
    package var dirty = ColumnSet()
    /// The key the row has in the database (`.null` for a new object).
    var storedKey = SQLValue.null
    /// What a rollback restores, when the read recorded a new object for the frame.
    package var restore: WriteLog.Restore?
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
