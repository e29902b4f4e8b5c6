import ORMShared

extension Database {
    /// Opens the database file at `path` (created if missing unless configured otherwise).
    ///
    /// - Throws: ``SQLiteError`` with `.cannotOpen`, `.notADatabase`, `.readOnly` or `.busy`.
    public convenience init(path: String, configuration: Configuration = Configuration()) throws {
        try self.init(driver: SQLiteDriver(path: path, configuration: configuration), path: path, configuration: configuration)
    }

    /// Opens a new private in-memory database.
    public static func inMemory(configuration: Configuration = Configuration()) throws -> Database {
        try Database(path: ":memory:", configuration: configuration)
    }
}
