import ORMShared

// What only SQLite's connections do (value prefixes, foreign-key deferral by pragma, rowid walks,
// the WAL watch), reached from the core's connection: a cast, on these cold paths only.

extension DatabaseConnection {
    /// SQLite's connection.
    ///
    /// - Parameter feature: what needs it, as the error names it ("value prefixes").
    /// - Throws: ``ORMError/notSupported(feature:database:)`` on any other database.
    package func sqlite(_ feature: @autoclosure () -> String) throws -> Connection {
        guard let connection = driverConnection as? Connection else {
            throw ORMError.notSupported(feature: feature(), database: databaseName)
        }
        return connection
    }
}

extension WriterAccess {
    /// The writer as SQLite's connection; nil on another database.
    package var sqlite: Connection? { connection.driverConnection as? Connection }
}
