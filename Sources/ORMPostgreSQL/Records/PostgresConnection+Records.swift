import PostgresClient
import ORMShared

// What the record layer asks of a PostgreSQL session (RecordDriverConnection).

extension PostgresConnection: RecordDriverConnection {
    package var abortsTransactionOnError: Bool { true }

    /// A session's temporary tables, in `pg_temp`.
    package var hasSessionTables: Bool { true }

    /// The plan compares declared types, and ``PostgresMigrator`` alters the table in place in one
    /// transaction (a savepoint of the one open), PostgreSQL's DDL being transactional.
    package func migrateTable(_ schema: ModelSchema, in database: Database) throws {
        let migrator = PostgresMigrator(connection: client)
        let plan = try PostgresConnection.wrapping { try migrator.plan(for: schema) }
        if !plan.isEmpty {
            database.migrationObservers.notify(.willMigrate(plan))
            try migrator.apply(plan, schema: schema)
        }
        // A table whose key the model leaves to the database but that gives none (made with
        // random keys, or by hand): its key becomes an identity column.
        let keyMadeIdentity = try PostgresConnection.wrapping { try migrator.addKeyIdentityIfMissing(schema) }
        if !plan.isEmpty || keyMadeIdentity {
            clearStatementCache()
        }
        if !plan.isEmpty {
            let observers = database.migrationObservers
            database.writer.scheduleAfterCommit([{ observers.notify(.didMigrate(plan)) }])
        }
    }

    /// Adds the foreign keys of `schemas`, tables of a cycle made before `table`, that reference it.
    package func addForeignKeys(of schemas: [ModelSchema], referencing table: String) throws {
        let migrator = PostgresMigrator(connection: client)
        for schema in schemas where schema.columns.contains(where: { $0.reference?.table == table }) {
            try PostgresConnection.wrapping { try migrator.addMissingForeignKeys(schema) }
        }
    }

    package func catchUpKeySequences(_ schemas: [ModelSchema]) throws {
        for schema in schemas { try Database.catchUpKeySequence(schema, on: self) }
    }

    /// An insert into a table whose key is one integer hands the key back with `RETURNING`
    /// (there is no rowid).
    package func writeRow(_ statement: SQL, returningKey column: String?) throws -> (insertedKey: Int64?, changed: Int) {
        guard let column else {
            try execute(statement)
            return (nil, changedRowCount)
        }
        var returning = statement
        returning.text += " RETURNING " + SQLDialect.postgres.quoteIdentifier(column)
        var key: Int64?
        try forEachRow(returning) { row in
            if key == nil, case .integer(let value) = row.value(at: 0) { key = value }
        }
        return (key, changedRowCount)
    }

    /// The key's identity (or serial) sequence moves past the largest key (the sequence gave those
    /// keys again later, and those inserts failed on them). In a savepoint of its own: a role that
    /// may not move the sequence keeps PostgreSQL's behaviour, and the edits stand.
    package func catchUpKeySequence(ofTable table: String, column: String) throws {
        let sql = SQL(
            PostgresDialect.keySequenceCatchUp(table: table, key: column),
            arguments: [SQLValue.text(SQLDialect.postgres.quoteIdentifier(table)), SQLValue.text(column)])
        try savepoint("orm_key_catch_up")
        do {
            try execute(sql)
        } catch {
            try rollback(toSavepoint: "orm_key_catch_up")
        }
        try releaseSavepoint("orm_key_catch_up")
    }
}
