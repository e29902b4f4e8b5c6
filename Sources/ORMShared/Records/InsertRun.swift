/// How one object's insert runs, decided once by ``Database`` before the driver runs it
/// (``RecordDriverConnection/insertObject(_:schema:key:run:database:)``): three flags, nothing to
/// retain, from which the driver finds its statement. A value holding the statement's key and the
/// object's key was copied and destroyed once an insert (28 instructions a row, measured), and
/// each parameter more of the requirement costs its witness thunk.
@usableFromInline
package struct InsertRun {
    /// Whether the key is made for the row (drawn here or given by the database).
    @usableFromInline package let generatesKey: Bool
    /// Whether the statement binds the key (given, or drawn at random here).
    @usableFromInline package let bindsKey: Bool
    /// Whether the statement hands the key back with `RETURNING`.
    @usableFromInline package let returnsKey: Bool

    /// The key of the model's insert statement (with or without its key) among a connection's
    /// prepared statements.
    @inlinable @inline(__always)
    package func statementKey<T: Model>(for model: T.Type) -> ModelStatementKey {
        ModelStatementKey(model: ObjectIdentifier(model), kind: bindsKey ? .insert : .insertGeneratedKey, columns: _ColumnSet())
    }

    /// The insert's SQL for `schema`.
    package func sql(_ schema: ModelSchema) -> String {
        if bindsKey { return schema.insertSQL }
        return returnsKey ? Database.insertReturningKeySQL(schema) : schema.insertGeneratedKeySQL
    }
}

extension RecordDriverConnection {
    /// Runs the insert through the shared loop, generic over the driver's statement (specialised
    /// for each conforming connection).
    package func insertObject<T: Model>(
        _ object: T, schema: ModelSchema, key: SQLValue, run: InsertRun, database: Database
    ) throws -> SQLValue {
        try withModelStatement(run.statementKey(for: T.self), schema: schema, sql: { run.sql($0) }) { statement in
            try Database.runInsert(object, schema: schema, key: key, run: run, statement: statement)
        }
    }
}
