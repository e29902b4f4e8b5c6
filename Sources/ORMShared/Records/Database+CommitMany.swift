// Many objects committed or removed in one call: on a server that takes statements without
// waiting for each answer (PostgreSQL's pipeline), one round trip for all.

extension Database {
    /// Commits every object of `objects` in one transaction (a savepoint inside one already open):
    /// all or nothing, each as ``Model/commit(in:options:)`` would, in order.
    ///
    /// ```swift
    /// let people = names.map { Person(name: $0) }
    /// try db.commit(people)        // one round trip on PostgreSQL, keys set in order
    /// ```
    ///
    /// On PostgreSQL the inserts, updates and deletes are sent without waiting for each answer
    /// (libpq's pipeline mode) and the answers read once all are sent: the keys the server's
    /// sequence gives are set as they come back, in order, before the call returns. An object
    /// whose model has relationships waits for the answers before it (its references need the
    /// keys), and so does one that upserts or draws a random key; those are written one at a time.
    /// SQLite writes each at once (it has no round trip to save), and so does a call whose
    /// `options.errorPolicy` is `.swallow` (each failure then writes nothing and is skipped).
    ///
    /// - Returns: how many objects a statement wrote (an unchanged object writes nothing).
    /// - Throws: what ``Model/commit(in:options:)`` throws, for the first object that failed (a
    ///   database error names its constraint); every object is then as it was before the call.
    @discardableResult
    public func commit<S: Sequence>(_ objects: S, options: CommitOptions = CommitOptions()) throws -> Int
    where S.Element: Model {
        try transaction { _ in
            try write { connection in
                let driver = connection.records
                guard driver.sendsWithoutWaiting, options.errorPolicy == .raise else {
                    var written = 0
                    for object in objects where try object.commit(in: self, options: options) { written += 1 }
                    return written
                }
                return try commitSending(objects, options: options, on: driver)
            }
        }
    }

    /// Removes every object of `objects` in one transaction (a savepoint inside one already
    /// open), each as ``Model/remove(from:)`` would; on PostgreSQL the deletes are sent without
    /// waiting for each answer, as ``commit(_:options:)`` sends its writes.
    ///
    /// ```swift
    /// try db.remove(try Person.query(in: db).where("age < ?", 18).fetch())
    /// ```
    ///
    /// - Throws: what ``Model/remove(from:)`` throws, for the first object that failed; every
    ///   object is then as it was before the call.
    public func remove<S: Sequence>(_ objects: S) throws where S.Element: Model {
        try transaction { _ in
            try write { connection in
                let driver = connection.driverConnection
                guard driver.sendsWithoutWaiting else {
                    for object in objects { try removeObject(object) }
                    return
                }
                try removeSending(objects, on: driver)
            }
        }
    }

    // MARK: - Sending

    /// ``commit(_:options:)`` on a connection that sends without waiting, inside the call's
    /// transaction: each object that can go is sent, the others wait for the answers before them.
    private func commitSending<S: Sequence, C: RecordDriverConnection>(
        _ objects: S, options: CommitOptions, on connection: C
    ) throws -> Int where S.Element: Model {
        typealias T = S.Element
        if !schemaRegistry.isReady(T.self) { try ensureSchema(T.self) }
        let schema = T.modelSchema
        let strategy = schema.primaryKey.strategy
        let sendsEach = !schema.hasRelationships && (options.onConflict ?? T.onConflict) != .update
        var sent = Set<ObjectIdentifier>()
        var written = 0
        for object in objects {
            // The same object twice: its first write's answer decides what the second one is.
            if !sent.insert(ObjectIdentifier(object)).inserted {
                try connection.readSentAnswers()
                sent = [ObjectIdentifier(object)]
            }
            guard sendsEach else {
                try connection.readSentAnswers()
                if try commitObject(object, options: options) { written += 1 }
                continue
            }
            let frame = writerState.innermostFrame
            let state = object.readSaveState(recordingNewIn: frame?.serial)
            switch state.status {
            case .new:
                if let restore = state.restore, let frame { frame.record(object, restore: restore) }
                let generatesKey = strategy != .provided && (state.key == .integer(0) || state.key.isNull)
                let returnsKey = generatesKey && strategy != .randomInteger && core.capabilities.insertedKeys == .returning
                guard (returnsKey || strategy == .provided) && writerState.keySequencesBehind.isEmpty else {
                    try connection.readSentAnswers()
                    if try commitObject(object, options: options) { written += 1 }
                    continue
                }
                try sendInsert(object, schema: schema, key: state.key, returnsKey: returnsKey, frame: frame, on: connection)
            case .persisted where !state.dirty.isEmpty:
                try sendUpdate(object, schema: schema, columns: state.dirty, storedKey: state.storedKey, on: connection)
            case .persisted, .fault:
                continue
            case .deleted:
                throw ORMError.objectDeleted(entity: schema.table, key: state.storedKey)
            }
            written += 1
        }
        try connection.readSentAnswers()
        return written
    }

    /// Sends the insert of new `object`: binding its key when `returnsKey` is false (a key it
    /// carries), else leaving it to the server's sequence and setting what `RETURNING` answers.
    private func sendInsert<T: Model, C: RecordDriverConnection>(
        _ object: T, schema: ModelSchema, key keyBefore: SQLValue, returnsKey: Bool, frame: BorrowedFrame?,
        on connection: C
    ) throws {
        guard object.willInsert() else { throw veto(schema.table, .insert) }
        let statementKey = ModelStatementKey(
            model: ObjectIdentifier(T.self), kind: returnsKey ? .insertGeneratedKey : .insert, columns: ColumnSet())
        let sql: (ModelSchema) -> String = returnsKey ? { Self.insertReturningKeySQL($0) } : { $0.insertSQL }
        try connection.withModelStatement(statementKey, schema: schema, sql: sql) { statement in
            if returnsKey {
                try Self.bindColumns(object, schema.allColumns, to: statement, startingAt: 1)
            } else {
                try statement.bind(keyBefore, at: 1)
                try Self.bindColumns(object, schema.allColumns, to: statement, startingAt: 2)
            }
            try statement.send { [self] answer in
                let key = returnsKey ? answer.firstValue : keyBefore
                if key.isNull {
                    throw ORMError.valueMismatch(
                        entity: schema.table, column: schema.primaryKey.name, expected: "the key the insert returned",
                        found: "no row")
                }
                if let recorded = writer.recordedChanges, answer.changedRows > 0 {
                    recorded.recordRow(table: schema.table, operation: .insert, key: key, changedColumns: nil, origin: .object)
                }
                try identityMap.registerInserted(object, key: key, settingKey: key != keyBefore, database: self)
                afterCommit(object, .insert, frame: frame)
            }
        }
    }

    /// Sends the update of `object`'s changed `columns`.
    private func sendUpdate<T: Model, C: RecordDriverConnection>(
        _ object: T, schema: ModelSchema, columns: ColumnSet, storedKey: SQLValue, on connection: C
    ) throws {
        guard object.willUpdate() else { throw veto(schema.table, .update) }
        currentFrame?.touch(object)
        let frame = writerState.innermostFrame
        try connection.withModelStatement(
            .init(model: ObjectIdentifier(T.self), kind: .update, columns: columns), schema: schema,
            sql: { $0.updateSQL(for: columns) }
        ) { statement in
            try Self.bindColumns(object, columns, to: statement, startingAt: 1)
            try statement.bind(storedKey, at: Int32(columns.count + 1))
            try statement.send { [self] answer in
                if let recorded = writer.recordedChanges, answer.changedRows > 0 {
                    recorded.recordRow(
                        table: schema.table, operation: .update, key: storedKey,
                        changedColumns: columns.indices.map { schema.columns[$0].name }, origin: .object)
                }
                object.markWritten(columns)
                afterCommit(object, .update, frame: frame)
            }
        }
    }

    /// ``remove(_:)`` on a connection that sends without waiting, inside the call's transaction.
    private func removeSending<S: Sequence, C: DriverConnection>(_ objects: S, on connection: C) throws
    where S.Element: Model {
        typealias T = S.Element
        if !schemaRegistry.isReady(T.self) { try ensureSchema(T.self) }
        let schema = T.modelSchema
        var sent = Set<ObjectIdentifier>()
        for object in objects {
            let meta = object.stateSnapshot
            guard meta.status == .persisted || meta.status == .fault else {
                if meta.status == .deleted { continue }
                throw ORMError.recordNotFound(entity: schema.table, key: object._$primaryKey)
            }
            // Removed once: a second time is nothing, as one object removed twice.
            guard sent.insert(ObjectIdentifier(object)).inserted else { continue }
            guard object.willDelete() else { throw veto(schema.table, .delete) }
            currentFrame?.touch(object)
            let frame = writerState.innermostFrame
            try connection.withModelStatement(
                .init(model: ObjectIdentifier(T.self), kind: .delete, columns: ColumnSet()), schema: schema,
                sql: { $0.deleteSQL }
            ) { statement in
                try statement.bind(meta.storedKey, at: 1)
                try statement.send { [self] answer in
                    if let recorded = writer.recordedChanges, answer.changedRows > 0 {
                        recorded.recordRow(
                            table: schema.table, operation: .delete, key: meta.storedKey, changedColumns: nil, origin: .object)
                    }
                    object.updateState { $0.status = .deleted }
                    identityMap.unregister(object)
                    afterCommit(object, .delete, frame: frame)
                }
            }
        }
        try connection.readSentAnswers()
    }
}
