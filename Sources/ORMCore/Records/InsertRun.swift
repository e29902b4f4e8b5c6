/// How one object's insert runs, decided once by ``Database`` before the driver runs it
/// (``RecordDriverConnection/insertObject(_:schema:run:sql:database:)``).
struct InsertRun {
    /// The model's insert statement (with or without its key).
    let statementKey: ModelStatementKey
    /// The key the object holds before the insert.
    let key: SQLValue
    /// Whether the key is made for the row (drawn here or given by the database).
    let generatesKey: Bool
    /// Whether the statement binds the key (given, or drawn at random here).
    let bindsKey: Bool
    /// Whether the statement hands the key back with `RETURNING`.
    let returnsKey: Bool
}

extension RecordDriverConnection {
    /// Runs the insert through the shared loop, generic over the driver's statement (specialised
    /// for each conforming connection).
    func insertObject<T: Model>(
        _ object: T, schema: ModelSchema, run: InsertRun, sql: (ModelSchema) -> String, database: Database
    ) throws -> SQLValue {
        try withModelStatement(run.statementKey, schema: schema, sql: sql) { statement in
            try Database.runInsert(object, schema: schema, run: run, statement: statement)
        }
    }
}
