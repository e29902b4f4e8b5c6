import ORMCore

/// A CSV or JSON file asked for at the `J` prompt's table step: imported (``ImportSession``) into a
/// temporary SQLite file of its own, which is attached to the database's connections so the join
/// is one statement. The database's own file is never written (a `--readonly` session joins too).
enum JoinedFile {
    /// Imports the file at `path` and attaches its database to `database` under a schema name of
    /// its own (`joined_1`, `joined_2`…); the import is returned with the request, to be removed
    /// when reef ends.
    ///
    /// - Throws: ``JoinError/fileNotAvailable(_:)`` on PostgreSQL (the rows would have to be written
    ///   to the server), ``ImportError`` for a file that cannot be imported, or SQLite's error.
    static func request(importing path: String, into database: Database) throws -> (JoinRequest, ImportSession) {
        guard database.dialect.kind == .sqlite else {
            throw JoinError.fileNotAvailable(
                "joining a file needs its rows on the server, which reef does not write to for a join: import the file there first")
        }
        let imported = try ImportSession(paths: [path], savePath: nil)
        guard let table = imported.tables.first else {
            imported.removeTemporaryFiles()
            throw JoinError.noSuchTable(path)
        }
        let schema = "joined_\(database.configuration.attachedFiles.count + 1)"
        do {
            try database.attach(file: imported.databasePath, as: schema)
        } catch {
            imported.removeTemporaryFiles()
            throw error
        }
        var request = JoinRequest(table: table.name, schema: schema, columns: table.columns, types: table.kinds.map(\.rawValue))
        request.isFile = true
        return (request, imported)
    }

    /// Whether no two rows of the file `request` names share the values of its join columns (a
    /// file has no key; reef's copy of it never changes, so what holds now holds for the join).
    static func joinColumnsAreUnique(_ request: JoinRequest, on database: Database) throws -> Bool {
        let columns = SQL.joined(request.pairs.map { "\(identifier: $0.otherColumn)" }, separator: ", ")
        let probe: SQL = "SELECT 1 FROM \(identifier: request.schema ?? "main").\(identifier: request.table) GROUP BY \(sql: columns) HAVING count(*) > 1 LIMIT 1"
        return try database.fetchRows(probe).rows.isEmpty
    }
}
