extension Model {
    /// Drops the object's unsaved changes without reading the database: every changed property gets
    /// back the value it had when the object was last read or written, and ``hasChanges`` is false.
    ///
    /// ```swift
    /// person.name = "typo"
    /// person.revert()              // person.name is what was loaded; nothing to commit
    /// ```
    /// A new object (never inserted) has no stored values to go back to and is left as it is. Inside
    /// a transaction, its rollback undoes the revert as it undoes any other change. To read the
    /// values the row holds now, use ``refresh()``.
    public func revert() {
        let reverted = _$withStateFields { fields -> _ColumnSet in
            guard fields.meta.status != .new, !fields.dirty.isEmpty else { return _ColumnSet() }
            let frame = fields.database?.currentFrame
            var reverted = _ColumnSet()
            for stored in fields.baseline {
                let replaced = _$columnValue(stored.column, replacingWith: stored.value)
                frame?.record(self, fields: &fields, column: stored.column, old: replaced)
                reverted.insert(stored.column)
            }
            fields.clearChanges()
            fields.baseline = []
            return reverted
        }
        if !reverted.isEmpty { _$observedColumnsDidChange(reverted) }
    }

    /// Reads the object's row again, dropping its unsaved changes (GRDB's `reload()`): every property
    /// holds what the row holds now (inside a transaction on this thread, what the transaction wrote),
    /// and ``hasChanges`` is false. A fault is loaded.
    ///
    /// ```swift
    /// try person.refresh()
    /// ```
    /// Inside a transaction, its rollback puts back the values the refresh replaced.
    ///
    /// - Throws: ``ORMError/recordNotFound(entity:key:)`` for an object never inserted, or whose row is
    ///   gone (the object is then marked deleted); ``ORMError/objectDeleted(entity:key:)`` for an object
    ///   known to be deleted; ``SQLiteError`` when the row cannot be read.
    public func refresh() throws {
        let (status, database, key) = _$withStateFields { ($0.meta.status, $0.database, $0.storedKey) }
        guard status != .new, let database else {
            throw ORMError.recordNotFound(entity: Self.modelSchema.table, key: _$primaryKey)
        }
        if status == .deleted { throw ORMError.objectDeleted(entity: Self.modelSchema.table, key: key) }
        try database.refresh(self, storedKey: key)
    }
}

extension Database {
    /// Reads `object`'s row (key `storedKey`) into it, dropping its unsaved changes; marks it deleted
    /// and throws when the row is gone.
    package func refresh<T: Model>(_ object: T, storedKey: SQLValue) throws {
        let schema = T.modelSchema
        let sql =
            "SELECT \(schema.selectColumnsSQL) FROM \(quoteIdentifier(schema.table)) WHERE "
            + "\(quoteIdentifier(schema.primaryKey.name)) = ?"
        let statementKey = ModelStatementKey(model: ObjectIdentifier(T.self), kind: .select, columns: ColumnSet())
        // The changes are dropped (and recorded for a rollback) first, then the row read: a
        // property set by another thread meanwhile stays changed.
        func dropChanges() {
            object._$withStateFields { fields in
                if let frame = currentFrame {
                    for column in schema.columns.indices {
                        let value = object._$columnValue(column, replacingWith: nil)
                        frame.record(object, fields: &fields, column: column, old: value)
                    }
                }
                fields.clearChanges()
                fields.baseline = []
            }
        }
        let found = try read { connection in
            try connection.records.readModelRow(
                into: object, key: storedKey, statement: statementKey, sql: sql, database: self,
                beforeApplying: dropChanges)
        }
        object.updateState { $0.status = found ? .persisted : .deleted }
        if !found { throw ORMError.recordNotFound(entity: schema.table, key: storedKey) }
    }
}
