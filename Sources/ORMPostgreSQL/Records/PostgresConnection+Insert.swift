import ORMShared

// PostgreSQL's insert of one object: the shared loop, with the key sequence kept past keys given
// by hand (a sequence does not move when a key is given, and would give that key again).

extension PostgresConnection {
    package func insertObject<T: Model>(
        _ object: T, schema: ModelSchema, key: SQLValue, run: InsertRun, database: Database
    ) throws -> SQLValue {
        if run.returnsKey, !database.writerState.keySequencesBehind.isEmpty,
           let behind = database.writerState.keySequencesBehind.removeValue(forKey: schema.table) {
            // A key given by hand earlier in this transaction: the sequence moves past it before
            // it gives one (it gave that key again, and the insert failed on it).
            try Database.catchUpKeySequence(behind, on: self)
        }
        let inserted = try withModelStatement(run.statementKey(for: T.self), schema: schema, sql: { run.sql($0) }) { statement in
            try Database.runInsert(object, schema: schema, key: key, run: run, statement: statement)
        }
        let strategy = schema.primaryKey.strategy
        if run.bindsKey && (strategy == .rowID || strategy == .autoincrement) {
            // A key given by hand does not advance the identity's sequence.
            try database.keySequenceFellBehind(schema, on: self)
        }
        return inserted
    }
}
