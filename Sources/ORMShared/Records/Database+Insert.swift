import FoundationEssentials

// MARK: - Inserting an object

extension Database {
    /// Inserts a new object with the model's insert statement, prepared once per connection and
    /// bound by index: no SQL is built and no dictionary made per object.
    package func insert<T: Model>(
        _ object: T, schema: ModelSchema, key keyBefore: SQLValue, frame: BorrowedFrame?
    ) throws {
        guard object.willInsert() else { throw veto(schema.table, .insert) }
        let strategy = schema.primaryKey.strategy
        let generatesKey = strategy != .provided && (keyBefore == .integer(0) || keyBefore.isNull)
        // Only a random key is drawn here; a rowid or autoincrement key is left to the database,
        // which hands it back as its driver says: the rowid read after the insert, or `RETURNING`.
        let bindsKey = !generatesKey || strategy == .randomInteger
        let returnsKey = !bindsKey && core.capabilities.insertedKeys == .returning
        // The writer holds its connection: borrowed, not retained, for the insert (a retain and
        // release of the driver around each insert cost 40 instructions a row).
        let run = InsertRun(generatesKey: generatesKey, bindsKey: bindsKey, returnsKey: returnsKey)
        let key = try Unmanaged.passUnretained(writer.connection.recordConnection)._withUnsafeGuaranteedRef {
            try $0.driver.insertObject(object, schema: schema, key: keyBefore, run: run, database: self)
        }
        // Recorded only where the database does not report changes, and only a row written (as
        // the hooks see it: an ignored insert or a stale update writes none).
        if let recorded = writer.recordedChanges, writer.connection.changedRowCount > 0 {
            recorded.recordRow(table: schema.table, operation: .insert, key: key, changedColumns: nil, origin: .object)
        }
        try identityMap.registerInserted(object, key: key, settingKey: key != keyBefore, database: self)
        afterCommit(object, .insert, frame: frame)
    }

    /// The insert of a row whose key the database generates, handing the key back.
    static func insertReturningKeySQL(_ schema: ModelSchema) -> String {
        schema.insertGeneratedKeySQL + " RETURNING " + quoteIdentifier(schema.primaryKey.name)
    }

    /// Binds and runs `statement`, an insert of `object` as `run` says; returns the key the row got
    /// (with `returnsKey`, the insert's `RETURNING` row holds it; otherwise a key left to the
    /// database is the rowid). A driver whose statement the macro reads concretely (SQLite) keeps
    /// a concrete copy of this loop in its folder.
    @inline(__always)
    package static func runInsert<T: Model, S: RecordDriverStatement>(
        _ object: T, schema: ModelSchema, key keyBefore: SQLValue, run: InsertRun, statement: S
    ) throws -> SQLValue {
        defer { statement.noteObjectWrite(nil) }
        var key = keyBefore
        var attempts = 0
        while true {
            if run.bindsKey {
                if run.generatesKey { key = .integer(Int64.random(in: 1...Int64.max)) }
                try statement.bind(key, at: 1)
                try bindColumns(object, schema.allColumns, to: statement, startingAt: 2)
            } else {
                key = .null
                try bindColumns(object, schema.allColumns, to: statement, startingAt: 1)
            }
            // A NULL key is the key the database assigns: the hooks record it as the key.
            statement.noteObjectWrite((schema.table, key, nil))
            do {
                if run.returnsKey {
                    key = try returnedKey(of: statement, schema: schema)
                } else {
                    try statement.run()
                }
                break
            } catch let error as any DatabaseError
                where run.generatesKey && run.bindsKey && error.isPrimaryKeyViolation && attempts < 8
            {
                attempts += 1  // a random key collided: draw another
                statement.reset()
            }
        }
        return key.isNull ? statement.lastInsertedKey : key
    }

    /// Binds `object`'s `columns` to `statement`, as the driver's statement binds a model's
    /// columns (``RecordDriverStatement/bindColumns(of:_:startingAt:)``: SQLite's through the
    /// macro's concrete path). (Updates and upserts' reads take it; SQLite's insert loop keeps a
    /// concrete copy of its own.)
    @inline(__always)
    package static func bindColumns<T: Model, S: RecordDriverStatement>(
        _ object: T, _ columns: ColumnSet, to statement: S, startingAt index: Int32
    ) throws {
        try statement.bindColumns(of: object, columns, startingAt: index)
    }

    /// Runs an insert ending in `RETURNING` its key, and returns that key.
    ///
    /// - Throws: ``ORMError/valueMismatch(entity:column:expected:found:)`` when the insert returned
    ///   no row or a NULL key.
    package static func returnedKey(of statement: some DriverStatement, schema: ModelSchema) throws -> SQLValue {
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
}
