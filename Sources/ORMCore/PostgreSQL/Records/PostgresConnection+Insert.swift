// PostgreSQL's insert of one object: the shared loop, with the key sequence kept past keys given
// by hand (a sequence does not move when a key is given, and would give that key again).

extension PostgresConnection {
    func insertObject<T: Model>(
        _ object: T, schema: ModelSchema, run: InsertRun, sql: (ModelSchema) -> String, database: Database
    ) throws -> SQLValue {
        if run.returnsKey, !database.writerState.keySequencesBehind.isEmpty,
           let behind = database.writerState.keySequencesBehind.removeValue(forKey: schema.table) {
            // A key given by hand earlier in this transaction: the sequence moves past it before
            // it gives one (it gave that key again, and the insert failed on it).
            try Database.catchUpKeySequence(behind, on: self)
        }
        let key = try withModelStatement(run.statementKey, schema: schema, sql: sql) { statement in
            try Database.runInsert(object, schema: schema, run: run, statement: statement)
        }
        let strategy = schema.primaryKey.strategy
        if run.bindsKey && (strategy == .rowID || strategy == .autoincrement) {
            // A key given by hand does not advance the identity's sequence.
            try database.keySequenceFellBehind(schema, on: self)
        }
        return key
    }
}
