extension Database {
    /// Registers a handler told before and after each lightweight migration, with its plan.
    ///
    /// ```swift
    /// db.onMigration { event in print(event.table, event) }
    /// ```
    public func onMigration(_ handler: @escaping @Sendable (MigrationEvent) -> Void) {
        migrationObservers.add(handler)
    }
}

extension Database {
    /// Brings a model's table in line with its schema (lightweight migration), on the writer.
    ///
    /// Runs the ``MigrationPlan`` in one transaction (``AutoMigrator``), with foreign keys off for a
    /// rebuild; values that cannot be converted to a new type make it throw
    /// ``ORMError/migrationWouldLoseData(table:detail:)`` with nothing changed. Migration observers
    /// hear of it before it runs and once it committed.
    func migrateTable(_ schema: ModelSchema) throws {
        try write { connection in
            let sqlite: Connection
            switch connection {
            case .sqlite(let connection): sqlite = connection
            case .postgres(let postgres):
                try migrateTable(schema, on: postgres)
                return
            }
            let connection = sqlite
            let migrator = AutoMigrator(connection: connection)
            let plan = try MigrationPlan.make(for: schema, in: connection.introspector)
            guard !plan.isEmpty else { return }
            migrationObservers.notify(.willMigrate(plan))
            let foreignKeysOn = try connection.foreignKeysEnabled()
            if plan.rebuilds && foreignKeysOn {
                guard currentFrame == nil else {
                    throw ORMError.migrationFailed(
                        table: schema.table,
                        detail: "rebuilding the table needs foreign keys off, which SQLite forbids inside a transaction: "
                            + "call db.prepare(\(schema.table).self) before opening the transaction")
                }
                try connection.execute("PRAGMA foreign_keys = OFF")
            }
            defer { if plan.rebuilds && foreignKeysOn { try? connection.execute("PRAGMA foreign_keys = ON") } }
            try transaction { _ in
                try migrator.apply(plan, schema: schema)
            }
            connection.clearStatementCache()
            let observers = migrationObservers
            writer.scheduleAfterCommit([{ observers.notify(.didMigrate(plan)) }])
        }
    }

    /// ``migrateTable(_:)`` on PostgreSQL: the plan compares declared types, and
    /// ``PostgresMigrator`` alters the table in place in one transaction (a savepoint of the one
    /// open), PostgreSQL's DDL being transactional.
    private func migrateTable(_ schema: ModelSchema, on connection: PostgresConnection) throws {
        let migrator = PostgresMigrator(connection: connection.client)
        let plan = try PostgresConnection.wrapping { try migrator.plan(for: schema) }
        if !plan.isEmpty {
            migrationObservers.notify(.willMigrate(plan))
            try migrator.apply(plan, schema: schema)
        }
        // A table whose key the model leaves to the database but that gives none (made with
        // random keys, or by hand): its key becomes an identity column.
        let keyMadeIdentity = try PostgresConnection.wrapping { try migrator.addKeyIdentityIfMissing(schema) }
        if !plan.isEmpty || keyMadeIdentity {
            connection.clearStatementCache()
        }
        if !plan.isEmpty {
            let observers = migrationObservers
            writer.scheduleAfterCommit([{ observers.notify(.didMigrate(plan)) }])
        }
    }
}
