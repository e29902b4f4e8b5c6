// SQLite's insert of one object: the shared loop (`Database.runInsert`) specialised for SQLite's
// statement, whose `bindColumns(of:_:startingAt:)` takes the macro's concrete binding, every value's
// bind inlined.

extension Connection {
    /// Runs the insert on the model's statement through the shared loop, called with the concrete
    /// statement so that it is specialised here (the macro's generic binding instead cost +157
    /// instructions a row, measured).
    func insertObject<T: Model>(
        _ object: T, schema: ModelSchema, key: SQLValue, run: InsertRun, database: Database
    ) throws -> SQLValue {
        try withModelStatement(run.statementKey(for: T.self), schema: schema, sql: { run.sql($0) }) { statement in
            try Database.runInsert(object, schema: schema, key: key, run: run, statement: statement)
        }
    }
}
