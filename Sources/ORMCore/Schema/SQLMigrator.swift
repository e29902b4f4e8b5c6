import FoundationEssentials

/// Ordered migrations written by hand, each run exactly once per database in its own transaction and
/// recorded in the table `orm_migrations` (for those who want direct control, as in FCModel).
///
/// ```swift
/// var migrator = SQLMigrator()
/// migrator.register("v1: create notes", sql: "CREATE TABLE note(id INTEGER PRIMARY KEY, body TEXT)")
/// migrator.register("v2: backfill") { db in try db.execute("UPDATE note SET body = '' WHERE body IS NULL") }
/// try migrator.migrate(db)
/// ```
public struct SQLMigrator: Sendable {
    private var migrations: [(identifier: String, run: @Sendable (Database) throws -> Void)] = []

    /// An empty migrator.
    public init() {}

    /// Adds a migration that runs a script of SQL statements.
    public mutating func register(_ identifier: String, sql: String) {
        register(identifier) { db in try db.executeScript(SQL(stringLiteral: sql)) }
    }

    /// Adds a migration written in Swift.
    public mutating func register(_ identifier: String, _ migration: @escaping @Sendable (Database) throws -> Void) {
        migrations.append((identifier, migration))
    }

    /// The identifiers already applied to `database`, in the order they ran.
    public func appliedIdentifiers(in database: Database) throws -> [String] {
        try createLedger(database)
        return try database.fetchAll("SELECT identifier FROM orm_migrations ORDER BY rowid").compactMap {
            String.fromDatabaseValue($0[0])
        }
    }

    /// Runs every migration not yet applied, in registration order.
    /// - Returns: the identifiers that ran now.
    /// - Throws: the first failure; that migration is rolled back and none after it runs.
    @discardableResult
    public func migrate(_ database: Database) throws -> [String] {
        let applied = Set(try appliedIdentifiers(in: database))
        var ran: [String] = []
        for migration in migrations where !applied.contains(migration.identifier) {
            try database.transaction { _ in
                try migration.run(database)
                try database.execute(
                    "INSERT INTO orm_migrations (identifier, applied_at) VALUES (?, ?)", migration.identifier,
                    Date().timeIntervalSince1970)
            }
            ran.append(migration.identifier)
        }
        return ran
    }

    private func createLedger(_ database: Database) throws {
        try database.execute(
            "CREATE TABLE IF NOT EXISTS orm_migrations (identifier TEXT NOT NULL PRIMARY KEY, applied_at REAL NOT NULL)")
    }
}
