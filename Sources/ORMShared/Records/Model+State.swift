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
    package var dirtyColumns: ColumnSet { _$withStateFields { $0.dirty } }
    /// The database the object belongs to.
    var stateDatabase: Database? { _$withStateFields { $0.database } }
    /// The key the object's row has in the database (an update or delete targets it).
    var stateStoredKey: SQLValue { _$withStateFields { $0.storedKey } }
    /// A copy of the metadata and the changed columns, to restore after a rollback.
    package var stateSnapshot: ModelState.Snapshot { _$withStateFields { $0.snapshot } }

    func faultInIfNeeded() {
        if withMeta({ $0.status == .fault }) { ModelState.faultIn(self) }
    }

    /// Changes the metadata. `body` must not change `storedKey` of an object entered in the identity
    /// map (``IdentityMap/restore(_:to:baseline:)`` does that).
    package func updateState(_ body: (inout ModelState.Meta) -> Void) {
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
