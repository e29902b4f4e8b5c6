import ORMShared

// SQLite's insert of one object: the shared loop (`Database.runInsert`) kept concrete over SQLite's
// statement, so the macro's concrete binding is taken and every value's bind inlined.

extension Connection {
    /// Runs the insert on the model's statement, concrete: from generic code the macro's binding
    /// would take its generic path, and the hot insert loop pays for it (+157 instructions a row
    /// measured).
    package func insertObject<T: Model>(
        _ object: T, schema: ModelSchema, key: SQLValue, run: InsertRun, database: Database
    ) throws -> SQLValue {
        try withModelStatement(run.statementKey(for: T.self), schema: schema, sql: { run.sql($0) }) { statement in
            // The model's conformance to the concrete path, asked of the model's statement once.
            guard let rowModel = statement.ownRowModel(T.self) else {
                return try Self.runNeutralInsert(object, schema: schema, key: key, run: run, statement: statement)
            }
            return try Self.runInsert(object, as: rowModel, schema: schema, key: key, run: run, statement: statement)
        }
    }

    /// The shared insert loop, for a model without the macro's concrete path.
    @inline(never)
    private static func runNeutralInsert<T: Model>(
        _ object: T, schema: ModelSchema, key: SQLValue, run: InsertRun, statement: Statement
    ) throws -> SQLValue {
        try Database.runInsert(object, schema: schema, key: key, run: run, statement: statement)
    }

    /// ``Database/runInsert(_:schema:key:run:statement:)`` for SQLite's statement and a model `M`
    /// (`object` is one) with the macro's concrete path.
    @inline(__always)
    private static func runInsert<T: Model, M: _SQLiteRowModel>(
        _ anyObject: T, as model: M.Type, schema: ModelSchema, key keyBefore: SQLValue, run: InsertRun,
        statement: Statement
    ) throws -> SQLValue {
        let object = unsafeDowncast(anyObject, to: M.self)
        defer { statement.onConnection { $0.objectWrite = nil } }
        var key = keyBefore
        var attempts = 0
        while true {
            if run.bindsKey {
                if run.generatesKey { key = .integer(Int64.random(in: 1...Int64.max)) }
                try statement.bind(key, at: 1)
                try object._$bindColumns(schema.allColumns, to: statement, startingAt: 2)
            } else {
                key = .null
                try object._$bindColumns(schema.allColumns, to: statement, startingAt: 1)
            }
            // A NULL key is the rowid SQLite assigns: the update hook records it as the key.
            statement.onConnection { $0.objectWrite = (schema.table, key, nil) }
            do {
                if run.returnsKey {
                    key = try Database.returnedKey(of: statement, schema: schema)
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
        return key.isNull ? .integer(statement.onConnection(\.lastInsertedRowID)) : key
    }
}
