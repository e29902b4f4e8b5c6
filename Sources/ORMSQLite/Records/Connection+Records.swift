import ORMShared

// What the record layer asks of a SQLite connection (RecordDriverConnection).

extension Connection: RecordDriverConnection {
    /// `ATTACH DATABASE`.
    package var attachesFiles: Bool { true }

    /// An `ATTACH` and `temp` tables are the connection's own.
    package var keepsStatementStateOnItsConnection: Bool { true }

    /// Runs the ``MigrationPlan`` in one transaction (``AutoMigrator``), with foreign keys off for a
    /// rebuild (which SQLite only allows outside a transaction).
    package func migrateTable(_ schema: ModelSchema, in database: Database) throws {
        let migrator = AutoMigrator(connection: self)
        let plan = try MigrationPlan.make(for: schema, in: introspector)
        guard !plan.isEmpty else { return }
        database.migrationObservers.notify(.willMigrate(plan))
        let foreignKeysOn = try foreignKeysEnabled()
        if plan.rebuilds && foreignKeysOn {
            guard database.currentFrame == nil else {
                throw ORMError.migrationFailed(
                    table: schema.table,
                    detail: "rebuilding the table needs foreign keys off, which SQLite forbids inside a transaction: "
                        + "call db.prepare(\(schema.table).self) before opening the transaction")
            }
            try execute("PRAGMA foreign_keys = OFF")
        }
        defer { if plan.rebuilds && foreignKeysOn { try? execute("PRAGMA foreign_keys = ON") } }
        try database.transaction { _ in
            try migrator.apply(plan, schema: schema)
        }
        clearStatementCache()
        let observers = database.migrationObservers
        database.writer.scheduleAfterCommit([{ observers.notify(.didMigrate(plan)) }])
    }

    package func writeRow(_ statement: SQL, returningKey column: String?) throws -> (insertedKey: Int64?, changed: Int) {
        try execute(statement)
        return (lastInsertedRowID, changedRowCount)
    }
}
