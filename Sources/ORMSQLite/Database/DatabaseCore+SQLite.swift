import ORMShared

extension DatabaseCore {
    /// Opens the writer (at once) through SQLite's driver, and prepares the readers and the trial
    /// connection (opened on first use).
    ///
    /// - Throws: ``SQLiteError`` with `.cannotOpen`, `.notADatabase`, `.readOnly` or `.busy`.
    package convenience init(
        path: String, configuration: Configuration,
        wrap: @escaping @Sendable (any CoreDriverConnection) throws -> DatabaseConnection = { DatabaseConnection($0) }
    ) throws {
        try self.init(
            driver: SQLiteDriver(path: path, configuration: configuration), path: path, configuration: configuration,
            wrap: wrap)
    }

    /// ``read(_:)`` for what only SQLite's connections do (the WAL watch, page maps).
    ///
    /// - Throws: ``ORMError/notSupported(feature:database:)`` naming `feature` on another database.
    func readSQLite<T>(_ feature: @autoclosure () -> String, _ body: (Connection) throws -> T) throws -> T {
        try read { try body($0.sqlite(feature())) }
    }
}
