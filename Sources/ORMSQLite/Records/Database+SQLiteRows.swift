import ORMShared

// SQLite's rows entered in the identity map through the macro's concrete path (``_SQLiteRowModel``).

extension Database {
    /// The object for the current row: the live instance (refreshed) or a new one, registered.
    package func materialize<T: _SQLiteRowModel>(_ type: T.Type, row: borrowing StatementRow) throws -> T {
        try materialize(type, row: row, keyIndex: row.resolve(0))
    }

    /// ``materialize(_:row:)`` with the key's result column found already (a loop over rows finds
    /// it once).
    @inline(__always)
    package func materialize<T: _SQLiteRowModel>(_ type: T.Type, row: borrowing StatementRow, keyIndex: Int32) throws -> T {
        // The key as stored (a UUID key may be stored as text or as bytes: updates must match it),
        // read once: the object's key property is made from it.
        if keyIndex < 0 { throw _ColumnCoding.missingColumn(row, T.modelSchema.primaryKey.name) }
        let key = row.statement.column(at: keyIndex).value
        // Decode (the initialiser sets the bookkeeping too), then register: the common case (no live
        // instance) takes one lock, the map's.
        let object = try T(_$row: row, key: key)
        guard let live = identityMap.registerMarked(object, key: key) else { return object }
        // A live instance holds the row: refresh it, keeping its unsaved changes.
        let meta = live.stateSnapshot
        if meta.status != .deleted {
            try live._$apply(row, keeping: meta.dirty)
            live.updateState { $0.status = .persisted }
        }
        return live
    }
}
