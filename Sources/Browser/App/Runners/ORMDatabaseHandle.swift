import ORMCore

/// The opened database, passed from the command line to the application.
struct ORMDatabaseHandle {
    /// The database.
    let database: Database

    /// Wraps `database`.
    init(_ database: Database) {
        self.database = database
    }
}
