import ORMShared

extension Database {
    /// ``read(_:)`` for what only SQLite's connections do.
    ///
    /// - Throws: ``ORMError/notSupported(feature:database:)`` naming `feature` on another database.
    func readSQLite<T>(_ feature: @autoclosure () -> String, _ body: (Connection) throws -> T) throws -> T {
        try read { try body($0.sqlite(feature())) }
    }

    /// ``write(_:)`` for what only SQLite's connections do.
    ///
    /// - Throws: ``ORMError/notSupported(feature:database:)`` naming `feature` on another database.
    func writeSQLite<T>(_ feature: @autoclosure () -> String, _ body: (Connection) throws -> T) throws -> T {
        try write { try body($0.sqlite(feature())) }
    }
}
