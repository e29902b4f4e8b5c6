import FoundationEssentials

extension Database {
    /// Commits `object` (and, by the options, the related objects it holds) atomically; returns
    /// whether a statement wrote a row.
    func commitObject<T: Model>(_ object: T, options: CommitOptions) throws -> Bool {
        if refusesWrites { throw ORMError.readOnlyDatabase(path: core.path) }
        if writer.lock.isHeldByCurrentThread {
            // Inside this thread's transaction (every object of a batch): the lock is held already, and
            // only the outermost call delivers changes, so nothing of `write` is needed.
            return try commitHeld(object, options: options)
        } else {
            return try withWriter { _ in try commitHeld(object, options: options) }
        }
    }

    /// Commits `object` on the writer, whose lock the current thread holds.
    private func commitHeld<T: Model>(_ object: T, options: CommitOptions) throws -> Bool {
        try withReadySchema(T.self) { schema in
            // No plan for the common case of an object that holds no related object.
            if schema.hasRelationships && !object._$relatedObjects.isEmpty {
                let plan = try CommitPlan(root: object, options: options)
                if plan.writesSeveralStatements {
                    return try transaction { _ in
                        var wrote = false
                        for item in plan.objects {
                            if try save(item, onConflict: options.onConflict) { wrote = true }
                        }
                        for (item, columns) in plan.backReferences {
                            try writeReferences(item, columns: columns)
                            wrote = true
                        }
                        return wrote
                    }
                }
            }
            // One statement is atomic by itself: no transaction or savepoint needed (inside a
            // transaction the enclosing frame still records the object for a rollback).
            return try save(object, schema: schema, onConflict: options.onConflict)
        }
    }

    /// Runs `body` with `T`'s schema, once its table is created or migrated. A run of writes of one
    /// model checks the schema registry once and borrows the schema the writer keeps.
    @inline(__always)
    private func withReadySchema<T: Model, R>(_ type: T.Type, _ body: (ModelSchema) throws -> R) throws -> R {
        if let last = writerState.lastPrepared, last.model == ObjectIdentifier(type) {
            return try last.schema._withUnsafeGuaranteedRef(body)
        }
        if !schemaRegistry.isReady(type) { try ensureSchema(type) }
        writerState.setLastPrepared(type)
        return try body(T.modelSchema)
    }

    /// Inserts or updates one object, on the writer, inside whatever transaction is open; returns
    /// whether a statement ran (false: nothing had changed).
    private func save<T: Model>(_ object: T, onConflict: InsertConflictPolicy?) throws -> Bool {
        try withReadySchema(T.self) { try save(object, schema: $0, onConflict: onConflict) }
    }

    /// ``save(_:onConflict:)`` with `T`'s table ready and its schema at hand. `onConflict` overrides
    /// the model's ``Model/onConflict``.
    private func save<T: Model>(_ object: T, schema: ModelSchema, onConflict: InsertConflictPolicy?) throws -> Bool {
        let frame = writerState.innermostFrame
        // Inside a transaction, a new object is recorded for a rollback with the same lock that
        // reads its state (an update or delete is recorded after its will-hook, which may change
        // the object).
        let state = object.readSaveState(recordingNewIn: frame?.serial)
        switch state.status {
        case .new:
            if let restore = state.restore, let frame { frame.record(object, restore: restore) }
            if (onConflict ?? T.onConflict) == .update {
                try insertOrUpdate(object, schema: schema, key: state.key)
            } else {
                try insert(object, schema: schema, key: state.key, frame: frame)
            }
        case .persisted where !state.dirty.isEmpty:
            try update(object, columns: state.dirty, storedKey: state.storedKey)
        case .persisted, .fault: return false
        case .deleted:
            throw ORMError.objectDeleted(entity: schema.table, key: state.storedKey)
        }
        return true
    }

    /// The error a vetoing `will…` hook makes `commit()` or `remove()` throw. Like any error, it rolls
    /// back the transactions it leaves, and none that catches it (see ``transaction(_:)``).
    func veto(_ entity: String, _ operation: RecordOperation) -> ORMError {
        ORMError.vetoed(entity: entity, operation: operation)
    }

    /// Queues a `did…` hook for after the commit (no closure per object: the hot insert path).
    func afterCommit<T: Model>(_ object: T, _ operation: RecordOperation, frame: BorrowedFrame?) {
        if let frame {
            frame.queueHook(operation, for: object)
        } else {
            writer.scheduleAfterCommit([{ Self.runDidHook(object, operation) }])
        }
    }

    static func runDidHook(_ object: borrowing any Model, _ operation: RecordOperation) {
        switch operation {
        case .insert: object.didInsert()
        case .update: object.didUpdate()
        case .delete: object.didDelete()
        }
    }

    /// Writes the relationship columns `columns` of `object`, inserted by this commit before the
    /// objects they name (a cycle, see ``CommitPlan``): an update of its own, without hooks.
    private func writeReferences<T: Model>(_ object: T, columns: ColumnSet) throws {
        try update(object, columns: columns, storedKey: object.stateStoredKey, runsHooks: false)
    }

    package func update<T: Model>(_ object: T, columns: ColumnSet, storedKey: SQLValue, runsHooks: Bool = true) throws {
        let schema = T.modelSchema
        if runsHooks { guard object.willUpdate() else { throw veto(schema.table, .update) } }
        currentFrame?.touch(object)
        try update(
            object, schema: schema, columns: columns, storedKey: storedKey, runsHooks: runsHooks,
            on: writer.connection.records)
    }

    /// ``update(_:columns:storedKey:runsHooks:)`` on the writer's connection.
    @inline(__always)
    private func update<T: Model, C: RecordDriverConnection>(
        _ object: T, schema: ModelSchema, columns: ColumnSet, storedKey: SQLValue, runsHooks: Bool, on connection: C
    ) throws {
        try connection.withModelStatement(
            .init(model: ObjectIdentifier(T.self), kind: .update, columns: columns), schema: schema,
            sql: { $0.updateSQL(for: columns) }
        ) { statement in
            statement.noteObjectWrite((schema.table, storedKey, columns.indices.map { schema.columns[$0].name }))
            defer { statement.noteObjectWrite(nil) }
            try Self.bindColumns(object, columns, to: statement, startingAt: 1)
            try statement.bind(storedKey, at: Int32(columns.count + 1))
            try statement.run()
            if let recorded = writer.recordedChanges, connection.changedRowCount > 0 {
                recorded.recordRow(
                    table: schema.table, operation: .update, key: storedKey,
                    changedColumns: columns.indices.map { schema.columns[$0].name }, origin: .object)
            }
            object.markWritten(columns)
            if runsHooks { afterCommit(object, .update, frame: writerState.innermostFrame) }
        }
    }

    /// Deletes `object`'s row.
    func removeObject<T: Model>(_ object: T) throws {
        try write { connection in
            let schema = T.modelSchema
            let meta = object.stateSnapshot
            guard meta.status == .persisted || meta.status == .fault else {
                if meta.status == .deleted { return }
                throw ORMError.recordNotFound(entity: schema.table, key: object._$primaryKey)
            }
            try ensureSchema(T.self)
            guard object.willDelete() else { throw veto(schema.table, .delete) }
            currentFrame?.touch(object)
            func delete<C: DriverConnection>(on connection: C) throws {
                try connection.withModelStatement(
                    .init(model: ObjectIdentifier(T.self), kind: .delete, columns: ColumnSet()), schema: schema,
                    sql: { $0.deleteSQL }
                ) { statement in
                    statement.noteObjectWrite((schema.table, meta.storedKey, nil))
                    defer { statement.noteObjectWrite(nil) }
                    try statement.bind(meta.storedKey, at: 1)
                    try statement.run()
                }
            }
            try delete(on: connection.records)
            if let recorded = writer.recordedChanges, connection.changedRowCount > 0 {
                recorded.recordRow(
                    table: schema.table, operation: .delete, key: meta.storedKey, changedColumns: nil, origin: .object)
            }
            object.updateState { $0.status = .deleted }
            identityMap.unregister(object)
            afterCommit(object, .delete, frame: writerState.innermostFrame)
        }
    }
}
