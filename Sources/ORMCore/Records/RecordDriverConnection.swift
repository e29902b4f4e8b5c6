/// What the record layer asks of a connection that each database does its own way, implemented in
/// the driver's folder (`SQLite/Records`, `PostgreSQL/Records`) and reached through
/// ``DatabaseConnection/records``.
protocol RecordDriverConnection: DriverConnection {
    /// Brings a model's table in line with its schema in `database` (lightweight migration), in
    /// one transaction, telling `database`'s migration observers before it runs and once it
    /// committed.
    ///
    /// - Throws: ``ORMError/migrationWouldLoseData(table:detail:)`` when values cannot be converted
    ///   to a new type, with nothing changed; ``ORMError/migrationFailed(table:detail:)``.
    func migrateTable(_ schema: ModelSchema, in database: Database) throws

    /// Adds the foreign keys of `schemas`, tables made earlier in a cycle of references, that
    /// reference `table`, made now (a database that declares them with the table: nothing).
    func addForeignKeys(of schemas: [ModelSchema], referencing table: String) throws
}

extension RecordDriverConnection {
    func addForeignKeys(of schemas: [ModelSchema], referencing table: String) throws {}
}
