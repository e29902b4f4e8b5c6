// Attaching SQLite files to every connection of a database (``AttachedFiles``).

extension Database {
    /// Attaches the SQLite file at `path` to every connection under the schema name `name`: its
    /// tables are read as `"name"."table"` beside the database's own, in one statement. The file is
    /// opened as the database is (read-only when it is); the database's own file is not written.
    /// Idle readers are closed so the next read opens one that has it.
    ///
    /// - Throws: ``ORMError/invalidQuery(_:)`` on a database that attaches no files (PostgreSQL) or for a name taken, else SQLite's
    ///   error (a file that is not a database).
    public func attach(file path: String, as name: String) throws {
        guard writer.connection.records.attachesFiles else {
            throw ORMError.invalidQuery("\(writer.connection.databaseName) attaches no files: only SQLite does")
        }
        guard configuration.attachedFiles.add(path, as: name) else {
            throw ORMError.invalidQuery("a file is attached as \(name) already")
        }
        core.readers?.drain()
        try core.withWriter({ connection in
            try connection.execute(SQL("ATTACH DATABASE ? AS \(quoteIdentifier(name))", arguments: [path]))
        }, committed: { _ in })
    }
}
