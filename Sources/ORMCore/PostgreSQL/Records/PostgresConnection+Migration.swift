import PostgresClient

// A model's table migrated on PostgreSQL.

extension PostgresConnection: RecordDriverConnection {
    /// The plan compares declared types, and ``PostgresMigrator`` alters the table in place in one
    /// transaction (a savepoint of the one open), PostgreSQL's DDL being transactional.
    func migrateTable(_ schema: ModelSchema, in database: Database) throws {
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
    func addForeignKeys(of schemas: [ModelSchema], referencing table: String) throws {
        let migrator = PostgresMigrator(connection: client)
        for schema in schemas where schema.columns.contains(where: { $0.reference?.table == table }) {
            try PostgresConnection.wrapping { try migrator.addMissingForeignKeys(schema) }
        }
    }
}
