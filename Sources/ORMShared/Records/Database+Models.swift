extension Database {
    // MARK: - Schema

    /// Creates or migrates `type`'s table on first use in this database, after the tables its
    /// relationships reference.
    ///
    /// A table created or migrated inside a transaction counts as ready for other threads only once
    /// the transaction commits: until then they wait here for the writer (their first use of the
    /// model is a write), so they never read a table that is not committed yet.
    func ensureSchema<T: Model>(_ type: T.Type) throws {
        if schemaRegistry.isReady(type) { return }
        var visiting: Set<ObjectIdentifier> = []
        var made: [ModelSchema] = []
        try ensureSchema(type, visiting: &visiting, made: &made)
    }

    /// `made`: the schemas migrated so far in this pass, whose foreign keys to a table of a cycle
    /// made after them are added once it is (PostgreSQL).
    private func ensureSchema<T: Model>(
        _ type: T.Type, visiting: inout Set<ObjectIdentifier>, made: inout [ModelSchema]
    ) throws {
        guard !isSchemaReady(type), visiting.insert(ObjectIdentifier(type)).inserted else { return }
        for case let referenced as any Model.Type in T.modelSchema.columns.compactMap(\.reference?.model) {
            try ensureSchema(referenced, visiting: &visiting, made: &made)
        }
        if refusesWrites {
            // Nothing can be migrated; queries report a missing table or column themselves.
            schemaRegistry.markReady(type)
            return
        }
        let earlier = made
        try write { connection in
            if isSchemaReady(type) { return }
            try migrateTable(T.modelSchema)
            connection.records.prepareModel(type)
            // A table of a cycle made before this one that it references: its foreign key now.
            try connection.records.addForeignKeys(of: earlier, referencing: T.modelSchema.table)
            if let frame = currentFrame {
                frame.preparedModels.append(type)
            } else {
                schemaRegistry.markReady(type)
            }
        }
        made.append(T.modelSchema)
    }

    /// Whether `type`'s table is ready: committed as ready, or prepared by a transaction the current
    /// thread has open.
    private func isSchemaReady<T: Model>(_ type: T.Type) -> Bool {
        if schemaRegistry.isReady(type) { return true }
        guard writer.lock.isHeldByCurrentThread else { return false }
        let id = ObjectIdentifier(type)
        return writerState.frames.contains { frame in frame.preparedModels.contains { ObjectIdentifier($0) == id } }
    }

    // MARK: - Materialising rows

    /// The object for the current row, read through the macro's driver-neutral path: the live
    /// instance (refreshed) or a new one, registered. (SQLite's rows of a ``_SQLiteRowModel`` take
    /// its concrete path, `Database+SQLiteRows.swift`.)
    package func materialize<T: Model>(_ type: T.Type, row: borrowing _ValueRow, keyIndex: Int32) throws -> T {
        if keyIndex < 0 {
            throw ORMError.valueMismatch(
                entity: row.entity, column: T.modelSchema.primaryKey.name, expected: "a result column", found: "none")
        }
        let key: SQLValue
        if let direct = row.direct {
            key = direct.value(at: keyIndex)
        } else {
            key = row.reader.column(at: keyIndex).value
        }
        let object = try T(_$values: row, key: key)
        guard let live = identityMap.registerMarked(object, key: key) else { return object }
        let meta = live.stateSnapshot
        if meta.status != .deleted {
            try live._$apply(row, keeping: meta.dirty)
            live.updateState { $0.status = .persisted }
        }
        return live
    }

    /// The object with this key: live, or a fault that loads its row on first access.
    public func object<T: Model>(_ type: T.Type, key: SQLValue) throws -> T {
        if let live = identityMap.object(T.self, key: key) { return live }
        let fault = try T(_$faultKey: key)
        return identityMap.registerNew(fault, key: key, status: .fault, database: self) ?? fault
    }

    /// Loads a fault's row (keeping any property set meanwhile); a missing row marks it deleted.
    func faultIn<T: Model>(_ object: T) {
        let key = object.stateStoredKey
        let schema = T.modelSchema
        let sql =
            "SELECT \(schema.selectColumnsSQL) FROM \(quoteIdentifier(schema.table)) WHERE "
            + "\(quoteIdentifier(schema.primaryKey.name)) = ?"
        do {
            let statementKey = ModelStatementKey(model: ObjectIdentifier(T.self), kind: .select, columns: ColumnSet())
            let found = try read { connection in
                try connection.records.readModelRow(
                    into: object, key: key, statement: statementKey, sql: sql, database: self, beforeApplying: {})
            }
            object.updateState { meta in
                if meta.status == .fault { meta.status = found ? .persisted : .deleted }
            }
        } catch {
            // A fault that cannot load keeps its defaults; it is retried on the next access.
            return
        }
    }

    // MARK: - Live refresh

    /// Brings live objects in line with changes made by SQL (not by the objects themselves): a deleted
    /// row marks its object deleted; a changed row turns its object back into a fault that reloads on
    /// next access, keeping unsaved property changes.
    func refreshLiveObjects(after changes: ChangeSet) {
        for table in changes.tables {
            guard let type = schemaRegistry.model(forTable: table) else { continue }
            let id = ObjectIdentifier(type)
            let schema = type.modelSchema
            var rows: [RowChange] = []
            changes.forEachRow(inTable: table, includingObjectWrites: false) { rows.append($0) }
            if schema.primaryKey.type == .integer && !changes.tablesWithoutRowDetail.contains(table) {
                for change in rows {
                    guard let object = identityMap.liveObject(of: id, key: .integer(change.rowID)) else { continue }
                    markStale(object, deleted: change.operation == .delete)
                }
            } else if !rows.isEmpty || changes.tablesWithoutRowDetail.contains(table) {
                for object in identityMap.liveObjects(of: id) { markStale(object, deleted: false) }
            }
        }
    }

    /// Marks `object` a fault (or deleted) and tells its observers its row may have changed: a
    /// property they read again loads the row as it is now.
    private func markStale(_ object: any Model, deleted: Bool) {
        let marked = object.withMeta { meta -> Bool in
            switch meta.status {
            case .persisted, .fault:
                meta.status = deleted ? .deleted : .fault
                return true
            case .new, .deleted:
                return false
            }
        }
        if marked { object.observedRowMayHaveChanged() }
    }
}
