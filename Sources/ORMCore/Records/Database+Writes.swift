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
    private func afterCommit<T: Model>(_ object: T, _ operation: RecordOperation, frame: BorrowedFrame?) {
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

    /// Inserts a new object with the model's insert statement, prepared once per connection and
    /// bound by index: no SQL is built and no dictionary made per object.
    func insert<T: Model>(
        _ object: T, schema: ModelSchema, key keyBefore: SQLValue, frame: BorrowedFrame?
    ) throws {
        guard object.willInsert() else { throw veto(schema.table, .insert) }
        let strategy = schema.primaryKey.strategy
        let generatesKey = strategy != .provided && (keyBefore == .integer(0) || keyBefore.isNull)
        // Only a random key is drawn here; a rowid or autoincrement key is left to the database,
        // which hands it back as its driver says: the rowid read after the insert, or `RETURNING`.
        let bindsKey = !generatesKey || strategy == .randomInteger
        let returnsKey = !bindsKey && core.capabilities.insertedKeys == .returning
        let statementKey = ModelStatementKey(
            model: ObjectIdentifier(T.self), kind: bindsKey ? .insert : .insertGeneratedKey, columns: ColumnSet())
        let sql: (ModelSchema) -> String
        if bindsKey {
            sql = { $0.insertSQL }
        } else if returnsKey {
            sql = { Self.insertReturningKeySQL($0) }
        } else {
            sql = { $0.insertGeneratedKeySQL }
        }
        // The writer holds its connection: borrowed, not retained, for the write.
        let key: SQLValue
        if let sqlite = writer.unretainedSQLite {
            key = try sqlite._withUnsafeGuaranteedRef { connection in
                try connection.withModelStatement(statementKey, schema: schema, sql: sql) { statement in
                    try Self.runInsert(
                        object, schema: schema, key: keyBefore, generatesKey: generatesKey, bindsKey: bindsKey,
                        returnsKey: returnsKey, statement: statement)
                }
            }
        } else if case .postgres(let connection) = writer.connection {
            if returnsKey, !writerState.keySequencesBehind.isEmpty,
               let behind = writerState.keySequencesBehind.removeValue(forKey: schema.table) {
                // A key given by hand earlier in this transaction: the sequence moves past it before
                // it gives one (it gave that key again, and the insert failed on it).
                try Self.catchUpKeySequence(behind, on: connection)
            }
            key = try connection.withModelStatement(statementKey, schema: schema, sql: sql) { statement in
                try Self.runInsert(
                    object, schema: schema, key: keyBefore, generatesKey: generatesKey, bindsKey: bindsKey,
                    returnsKey: returnsKey, statement: statement)
            }
        } else {
            throw ORMError.notSupported(feature: "inserting objects", database: writer.connection.databaseName)
        }
        // Recorded only where the database does not report changes, and only a row written (as
        // the hooks see it: an ignored insert or a stale update writes none).
        if let recorded = writer.recordedChanges, writer.connection.changedRowCount > 0 {
            recorded.recordRow(table: schema.table, operation: .insert, key: key, changedColumns: nil, origin: .object)
        }
        if bindsKey && (strategy == .rowID || strategy == .autoincrement), case .postgres(let connection) = writer.connection {
            // A key given by hand does not advance the identity's sequence.
            try keySequenceFellBehind(schema, on: connection)
        }
        try identityMap.registerInserted(object, key: key, settingKey: key != keyBefore, database: self)
        afterCommit(object, .insert, frame: frame)
    }

    /// After raw SQL `insert` ran on PostgreSQL: the key sequences of the model tables it inserted
    /// into while naming their key column (keys given by hand, which do not advance an identity's
    /// sequence) are moved past the largest key, as after an object given its key by hand: the
    /// next insert took such a key again and failed on it, where SQLite's rowid goes past. Tables
    /// no model of this database has used are not known here, and keep PostgreSQL's behaviour.
    func keysGivenByHand(in insert: String, on connection: PostgresConnection) throws {
        for table in SQLScript.tablesWritten(by: insert, dialect: .postgres) {
            guard let type = schemaRegistry.model(forTable: table) else { continue }
            let schema = type.modelSchema
            let key = schema.primaryKey
            guard key.strategy == .rowID || key.strategy == .autoincrement, key.storedType == .integer else { continue }
            let keyName = key.name.lowercased()
            let namesKey = SQLToken.tokens(in: insert, dialect: .postgres).contains { token in
                guard token.kind == .word || token.kind == .quotedName else { return false }
                return token.unquoted(in: insert).lowercased() == keyName
            }
            if namesKey {
                // At once, in a transaction too: the raw SQL after it may insert without a key.
                try Self.catchUpKeySequence(schema, on: connection)
            }
        }
    }

    /// Moves `schema`'s key sequence past the largest key now, or, inside a transaction, once
    /// before it commits (``WriterRecordState/keySequencesBehind``).
    private func keySequenceFellBehind(_ schema: ModelSchema, on connection: PostgresConnection) throws {
        if connection.isInTransaction {
            writerState.keySequencesBehind[schema.table] = schema
        } else {
            try Self.catchUpKeySequence(schema, on: connection)
        }
    }

    /// Runs `schema`'s key sequence catch-up (``ModelSchema/keySequenceCatchUpSQL(in:)``).
    static func catchUpKeySequence(_ schema: ModelSchema, on connection: PostgresConnection) throws {
        guard let sql = schema.keySequenceCatchUpSQL(in: .postgres) else { return }
        try connection.execute(
            SQL(sql, arguments: [SQLDialect.postgres.quoteIdentifier(schema.table), schema.primaryKey.name]))
    }

    /// The insert of a row whose key the database generates, handing the key back.
    private static func insertReturningKeySQL(_ schema: ModelSchema) -> String {
        schema.insertGeneratedKeySQL + " RETURNING " + quoteIdentifier(schema.primaryKey.name)
    }

    /// Binds and runs `statement`, an insert of `object`; returns the key the row got (with
    /// `returnsKey`, the insert's `RETURNING` row holds it; otherwise a key left to the database is
    /// the rowid).
    @inline(__always)
    private static func runInsert<T: Model, S: DriverStatement>(
        _ object: T, schema: ModelSchema, key keyBefore: SQLValue, generatesKey: Bool, bindsKey: Bool,
        returnsKey: Bool, statement: S
    ) throws -> SQLValue {
        defer { statement.noteObjectWrite(nil) }
        var key = keyBefore
        var attempts = 0
        while true {
            if bindsKey {
                if generatesKey { key = .integer(Int64.random(in: 1...Int64.max)) }
                try statement.bind(key, at: 1)
                try bindColumns(object, schema.allColumns, to: statement, startingAt: 2)
            } else {
                key = .null
                try bindColumns(object, schema.allColumns, to: statement, startingAt: 1)
            }
            // A NULL key is the rowid SQLite assigns: the update hook records it as the key.
            statement.noteObjectWrite((schema.table, key, nil))
            do {
                if returnsKey {
                    key = try returnedKey(of: statement, schema: schema)
                } else {
                    try statement.run()
                }
                break
            } catch let error as any DatabaseError
                where generatesKey && bindsKey && error.isPrimaryKeyViolation && attempts < 8
            {
                attempts += 1  // a random key collided: draw another
                statement.reset()
            }
        }
        return key.isNull ? statement.lastInsertedKey : key
    }

    /// ``runInsert(_:schema:key:generatesKey:bindsKey:returnsKey:statement:)`` for SQLite's
    /// statement, kept concrete: from generic code the macro's binding would take its generic
    /// path, and the hot insert loop pays for it (+157 instructions a row measured).
    @inline(__always)
    private static func runInsert<T: Model>(
        _ object: T, schema: ModelSchema, key keyBefore: SQLValue, generatesKey: Bool, bindsKey: Bool,
        returnsKey: Bool, statement: Statement
    ) throws -> SQLValue {
        defer { statement.onConnection { $0.objectWrite = nil } }
        var key = keyBefore
        var attempts = 0
        while true {
            if bindsKey {
                if generatesKey { key = .integer(Int64.random(in: 1...Int64.max)) }
                try statement.bind(key, at: 1)
                try object._$bindColumns(schema.allColumns, to: statement, startingAt: 2)
            } else {
                key = .null
                try object._$bindColumns(schema.allColumns, to: statement, startingAt: 1)
            }
            // A NULL key is the rowid SQLite assigns: the update hook records it as the key.
            statement.onConnection { $0.objectWrite = (schema.table, key, nil) }
            do {
                if returnsKey {
                    key = try returnedKey(of: statement, schema: schema)
                } else {
                    try statement.run()
                }
                break
            } catch let error as any DatabaseError
                where generatesKey && bindsKey && error.isPrimaryKeyViolation && attempts < 8
            {
                attempts += 1  // a random key collided: draw another
                statement.reset()
            }
        }
        return key.isNull ? .integer(statement.onConnection(\.lastInsertedRowID)) : key
    }

    /// Binds `object`'s `columns` to `statement`: SQLite's statement through the macro's concrete
    /// path (every value's bind inlined), another driver's through the generic one: generic code
    /// alone would pick the generic path even for SQLite. (Updates and upserts' reads take it; the
    /// insert loop keeps a concrete copy of its own.)
    @inline(__always)
    private static func bindColumns<T: Model, S: DriverStatement>(
        _ object: T, _ columns: ColumnSet, to statement: S, startingAt index: Int32
    ) throws {
        if let sqlite = statement as? Statement {
            try object._$bindColumns(columns, to: sqlite, startingAt: index)
        } else {
            try object._$bindColumns(columns, to: statement, startingAt: index)
        }
    }

    /// Runs an insert ending in `RETURNING` its key, and returns that key.
    ///
    /// - Throws: ``ORMError/valueMismatch(entity:column:expected:found:)`` when the insert returned
    ///   no row or a NULL key.
    private static func returnedKey(of statement: some DriverStatement, schema: ModelSchema) throws -> SQLValue {
        let returned = try statement.step()
        let key = returned ? statement.value(at: 0) : .null
        try statement.run()
        if key.isNull {
            throw ORMError.valueMismatch(
                entity: schema.table, column: schema.primaryKey.name, expected: "the key the insert returned",
                found: returned ? "NULL" : "no row")
        }
        return key
    }

    /// Writes the relationship columns `columns` of `object`, inserted by this commit before the
    /// objects they name (a cycle, see ``CommitPlan``): an update of its own, without hooks.
    private func writeReferences<T: Model>(_ object: T, columns: ColumnSet) throws {
        try update(object, columns: columns, storedKey: object.stateStoredKey, runsHooks: false)
    }

    func update<T: Model>(_ object: T, columns: ColumnSet, storedKey: SQLValue, runsHooks: Bool = true) throws {
        let schema = T.modelSchema
        if runsHooks { guard object.willUpdate() else { throw veto(schema.table, .update) } }
        currentFrame?.touch(object)
        switch writer.connection {
        case .sqlite(let connection):
            try update(object, schema: schema, columns: columns, storedKey: storedKey, runsHooks: runsHooks, on: connection)
        case .postgres(let connection):
            try update(object, schema: schema, columns: columns, storedKey: storedKey, runsHooks: runsHooks, on: connection)
        }
    }

    /// ``update(_:columns:storedKey:runsHooks:)`` on the writer's connection.
    @inline(__always)
    private func update<T: Model, C: DriverConnection>(
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
            switch connection {
            case .sqlite(let sqlite): try delete(on: sqlite)
            case .postgres(let postgres): try delete(on: postgres)
            }
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

