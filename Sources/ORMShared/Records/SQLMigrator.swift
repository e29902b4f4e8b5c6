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
///
/// Each applied migration is recorded with a checksum (SHA-256) of its SQL, and ``migrate(_:)``
/// refuses to run while a migration already applied has been edited since: the database holds
/// what the old text made, and a fresh database would get the new one. Add a new migration
/// instead. A migration written in Swift has no text to check: give it a `checksum` of your own
/// (a version you change with its code) to have it checked too.
public struct SQLMigrator: Sendable {
    private struct Migration: Sendable {
        let identifier: String
        let checksum: String?
        let run: @Sendable (Database) throws -> Void
    }

    private var migrations: [Migration] = []

    /// An empty migrator.
    public init() {}

    /// Adds a migration that runs a script of SQL statements (all or nothing, see
    /// ``Database/executeScript(_:)``), checked against edits by the checksum of its text (line
    /// endings `\r\n` read as `\n`).
    public mutating func register(_ identifier: String, sql: String) {
        let checksum = Self.checksum(of: sql)
        migrations.append(Migration(identifier: identifier, checksum: checksum) { db in
            try db.executeScript(SQL(stringLiteral: sql))
        })
    }

    /// Adds a migration written in Swift. With a `checksum` (any text you change when you change
    /// the migration), an applied migration whose checksum differs stops ``migrate(_:)``; without
    /// one, it is not checked.
    public mutating func register(
        _ identifier: String, checksum: String? = nil, _ migration: @escaping @Sendable (Database) throws -> Void
    ) {
        migrations.append(Migration(identifier: identifier, checksum: checksum, run: migration))
    }

    /// The identifiers already applied to `database`, in the order they ran.
    public func appliedIdentifiers(in database: Database) throws -> [String] {
        try applied(in: database).map(\.identifier)
    }

    /// Runs every migration not yet applied, in registration order.
    /// - Returns: the identifiers that ran now.
    /// - Throws: ``ORMError/migrationEdited(identifier:)``, before anything runs, when a migration
    ///   already applied was edited since; otherwise the first failure: that migration is rolled back
    ///   and none after it runs.
    @discardableResult
    public func migrate(_ database: Database) throws -> [String] {
        let recorded = Dictionary(
            try applied(in: database).map { ($0.identifier, $0.checksum) }, uniquingKeysWith: { first, _ in first })
        var unrecorded: [Migration] = []
        for migration in migrations {
            guard let known = recorded[migration.identifier], let checksum = migration.checksum else { continue }
            guard let known else {
                unrecorded.append(migration)  // applied before checksums were recorded
                continue
            }
            if known != checksum { throw ORMError.migrationEdited(identifier: migration.identifier) }
        }
        if !unrecorded.isEmpty {
            // Taken as they are now: nothing recorded says what they were when they ran.
            try database.transaction { _ in
                for migration in unrecorded {
                    try database.execute(
                        "UPDATE orm_migrations SET checksum = \(migration.checksum) WHERE identifier = \(migration.identifier)")
                }
            }
        }
        var ran: [String] = []
        for migration in migrations where recorded[migration.identifier] == nil {
            try database.transaction { _ in
                try migration.run(database)
                try database.execute(
                    "INSERT INTO orm_migrations (identifier, applied_at, checksum) VALUES (?, ?, ?)",
                    migration.identifier, Date().timeIntervalSince1970, migration.checksum)
            }
            ran.append(migration.identifier)
        }
        return ran
    }

    /// The checksum recorded for a migration of `sql`: SHA-256 of its UTF-8 text, `\r\n` read as `\n`.
    package static func checksum(of sql: String) -> String {
        SHA256.hexDigest(sql.replacing("\r\n", with: "\n").utf8)
    }

    /// The applied migrations in the order they ran, with their checksums (nil when recorded
    /// before checksums were, or for a Swift migration registered without one).
    private func applied(in database: Database) throws -> [(identifier: String, checksum: String?)] {
        try createLedger(database)
        // SQLite's rowid numbers the rows as they were inserted; PostgreSQL has no rowid: the time
        // each was applied (a migration runs and commits before the next begins).
        let order = database.dialect.rules.migrationOrder
        return try database.fetchAll(SQL("SELECT identifier, checksum FROM orm_migrations ORDER BY " + order)).compactMap { row in
            guard let identifier = String.fromDatabaseValue(row[0]) else { return nil }
            return (identifier, String.fromDatabaseValue(row[1]))
        }
    }

    /// Creates `orm_migrations`, or adds the checksum column to a ledger made before it existed.
    private func createLedger(_ database: Database) throws {
        try database.execute(
            """
            CREATE TABLE IF NOT EXISTS orm_migrations (identifier TEXT NOT NULL PRIMARY KEY,
            applied_at DOUBLE PRECISION NOT NULL, checksum TEXT)
            """)
        if try database.tableInfo("orm_migrations")?.column(named: "checksum") == nil {
            try database.execute("ALTER TABLE orm_migrations ADD COLUMN checksum TEXT")
        }
    }
}
