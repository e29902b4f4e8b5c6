import FoundationEssentials

extension Database {
    /// Commits `object` (and, by the options, the related objects it holds) atomically.
    func commitObject(_ object: any Model, options: CommitOptions) throws {
        try write { _ in
            // No array for the common case of an object without related objects to commit.
            let objects =
                options.commitsRelatedObjects && type(of: object).modelSchema.hasRelationships
                    && !object._$relatedObjects.isEmpty
                ? objectsToCommit(startingAt: object, options: options) : nil
            if let objects, objects.count > 1 {
                try transaction { _ in
                    for item in objects { try save(item) }
                }
            } else {
                // One statement is atomic by itself: no transaction or savepoint needed (inside a
                // transaction the enclosing frame still records the object for a rollback).
                try save(object)
            }
        }
    }

    /// The related objects reachable from `root` that need a write, dependencies first, then `root`.
    private func objectsToCommit(startingAt root: any Model, options: CommitOptions) -> [any Model] {
        var ordered: [any Model] = []
        var visited: Set<ObjectIdentifier> = [ObjectIdentifier(root)]
        func visit(_ object: any Model) {
            for related in object._$relatedObjects where !options.ignores(related) {
                guard visited.insert(ObjectIdentifier(related)).inserted else { continue }
                visit(related)
                if related.hasChanges && related._$state.status != .deleted { ordered.append(related) }
            }
        }
        visit(root)
        ordered.append(root)
        return ordered
    }

    /// Inserts or updates one object, on the writer, inside whatever transaction is open.
    private func save<T: Model>(_ object: T) throws {
        if writer.lastPreparedModel != ObjectIdentifier(T.self) {
            if !schemaRegistry.isReady(T.self) { try ensureSchema(T.self) }
            writer.lastPreparedModel = ObjectIdentifier(T.self)
        }
        let frame = currentFrame
        // Inside a transaction, a new object is recorded for a rollback with the same lock that reads
        // its state (an update or delete is recorded after its will-hook, which may change the object).
        let (meta, recorded) = object._$state.read(recordingNewIn: frame?.serial)
        switch meta.status {
        case .new:
            let key = object._$primaryKey
            if recorded, let frame { frame.record(object, before: meta, key: key) }
            try insert(object, key: key, frame: frame)
        case .persisted where !meta.dirty.isEmpty: try update(object, columns: meta.dirty, storedKey: meta.storedKey)
        case .persisted, .fault: return
        case .deleted:
            throw ORMError.objectDeleted(entity: T.modelSchema.table, key: meta.storedKey)
        }
    }

    private func veto(_ entity: String, _ operation: RecordOperation) -> ORMError {
        let error = ORMError.vetoed(entity: entity, operation: operation)
        // The veto dooms every enclosing transaction, even if the caller catches the error.
        for frame in writer.frames where frame.failure == nil { frame.failure = error }
        return error
    }

    /// Queues a `did…` hook for after the commit (no closure per object: the hot insert path).
    private func afterCommit(_ object: any Model, _ operation: RecordOperation, frame: TransactionFrame?) {
        if let frame {
            frame.didHooks.append((object, operation))
        } else {
            writer.scheduleAfterCommit([{ Self.runDidHook(object, operation) }])
        }
    }

    static func runDidHook(_ object: any Model, _ operation: RecordOperation) {
        switch operation {
        case .insert: object.didInsert()
        case .update: object.didUpdate()
        case .delete: object.didDelete()
        }
    }

    /// Inserts a new object with the model's insert statement, prepared once per connection and
    /// bound by index: no SQL is built and no dictionary made per object.
    private func insert<T: Model>(_ object: T, key keyBefore: SQLValue, frame: TransactionFrame?) throws {
        let schema = T.modelSchema
        guard object.willInsert() else { throw veto(schema.table, .insert) }
        let connection = writer.connection
        let statement = try connection.modelStatement(
            .init(model: ObjectIdentifier(T.self), kind: .insert, columns: ColumnSet())
        ) { schema.insertSQL }
        defer { connection.objectWrite = nil }
        try statement.use { statement in
            var key = keyBefore
            let generatesKey = schema.primaryKey.strategy != .provided && (key == .integer(0) || key.isNull)
            var attempts = 0
            while true {
                if generatesKey {
                    key =
                        schema.primaryKey.strategy == .randomInteger ? .integer(Int64.random(in: 1...Int64.max)) : .null
                }
                try statement.bind(key, at: 1)
                try object._$bindColumns(schema.allColumns, to: statement, startingAt: 2)
                // A NULL key is the rowid SQLite assigns: the update hook records it as the key.
                connection.objectWrite = (schema.table, key, nil)
                do {
                    try statement.run()
                    break
                } catch let error as SQLiteError
                    where generatesKey && error.extendedCode.rawValue == 1555 && attempts < 8  // CONSTRAINT_PRIMARYKEY
                {
                    attempts += 1  // a random key collided: draw another
                    statement.reset()
                }
            }
            if key.isNull { key = .integer(connection.lastInsertedRowID) }
            if key != keyBefore { try object._$setPrimaryKey(key) }
            _ = identityMap.register(object, key: key) { meta in
                meta.status = .persisted
                meta.dirty = ColumnSet()
                meta.database = self
                meta.storedKey = key
            }
            afterCommit(object, .insert, frame: frame)
        }
    }

    private func update<T: Model>(_ object: T, columns: ColumnSet, storedKey: SQLValue) throws {
        let schema = T.modelSchema
        guard object.willUpdate() else { throw veto(schema.table, .update) }
        currentFrame?.touch(object, key: object._$primaryKey)
        let connection = writer.connection
        let statement = try connection.modelStatement(
            .init(model: ObjectIdentifier(T.self), kind: .update, columns: columns)
        ) { schema.updateSQL(for: columns) }
        connection.objectWrite = (schema.table, storedKey, columns.indices.map { schema.columns[$0].name })
        defer { connection.objectWrite = nil }
        try statement.use { statement in
            try object._$bindColumns(columns, to: statement, startingAt: 1)
            try statement.bind(storedKey, at: Int32(columns.count + 1))
            try statement.run()
            object._$state.update { $0.dirty.subtract(columns) }
            afterCommit(object, .update, frame: currentFrame)
        }
    }

    /// Deletes `object`'s row.
    func removeObject<T: Model>(_ object: T) throws {
        try write { connection in
            let schema = T.modelSchema
            let meta = object._$state.snapshot
            guard meta.status == .persisted || meta.status == .fault else {
                if meta.status == .deleted { return }
                throw ORMError.recordNotFound(entity: schema.table, key: object._$primaryKey)
            }
            try ensureSchema(T.self)
            guard object.willDelete() else { throw veto(schema.table, .delete) }
            currentFrame?.touch(object, key: object._$primaryKey)
            let statement = try connection.modelStatement(
                .init(model: ObjectIdentifier(T.self), kind: .delete, columns: ColumnSet())
            ) { schema.deleteSQL }
            connection.objectWrite = (schema.table, meta.storedKey, nil)
            defer { connection.objectWrite = nil }
            try statement.use { statement in
                try statement.bind(meta.storedKey, at: 1)
                try statement.run()
            }
            object._$state.update { $0.status = .deleted }
            identityMap.unregister(object, key: meta.storedKey)
            afterCommit(object, .delete, frame: currentFrame)
        }
    }
}
