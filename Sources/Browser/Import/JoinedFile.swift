import ORMCore

/// A CSV or JSON file asked for at the `J` prompt's table step: imported (``ImportSession``) into a
/// temporary SQLite file of its own. On SQLite that file is attached to the database's connections
/// so the join is one statement, and the database's own file is never written (a `--readonly`
/// session joins too). On PostgreSQL its rows are copied into a session table (``SessionTable``,
/// `pg_temp.joined_1`), which the server keeps for reef's session alone and drops when the last
/// view joining it goes; every read runs on that session meanwhile.
enum JoinedFile {
    /// Imports the file at `path`; on SQLite attaches its database to `database` under a schema
    /// name of its own (`joined_1`, `joined_2`…), the import returned with the request to be
    /// removed when reef ends; on PostgreSQL copies its rows into a session table and removes the
    /// import at once (nil is returned for it).
    ///
    /// - Throws: ``JoinError/fileNotAvailable(_:)`` on a read-only PostgreSQL session,
    ///   ``ImportError`` for a file that cannot be imported, or the database's error.
    static func request(importing path: String, into database: Database) throws -> (JoinRequest, ImportSession?) {
        if database.dialect.kind == .postgres, database.configuration.readOnly {
            throw JoinError.fileNotAvailable(
                "a --readonly session joins no file on PostgreSQL: its rows would go into a temporary table, which read-only transactions refuse to create")
        }
        let imported = try ImportSession(paths: [path], savePath: nil)
        guard let table = imported.tables.first else {
            imported.removeTemporaryFiles()
            throw JoinError.noSuchTable(path)
        }
        if database.dialect.kind == .postgres {
            defer { imported.removeTemporaryFiles() }
            return (try sessionTableRequest(for: table, of: imported, on: database), nil)
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

    /// The request for `table` of the import `imported`, its rows copied into a session table of
    /// `database` (PostgreSQL), named by the file as on SQLite (`moods.mood`).
    private static func sessionTableRequest(for table: ImportedTable, of imported: ImportSession, on database: Database) throws -> JoinRequest {
        let types = table.kinds.map(storedType)
        var configuration = Configuration()
        configuration.readOnly = true
        let copy = try Database(path: imported.databasePath, configuration: configuration)
        let sessionTable = try database.makeSessionTable(namedAfter: "joined", columns: Array(zip(table.columns, types))) { insert in
            var batch: [[SQLValue]] = []
            batch.reserveCapacity(rowsPerBatch)
            try copy.forEachRow("SELECT * FROM \(identifier: table.name)") { row in
                batch.append(row)
                if batch.count == rowsPerBatch {
                    try insert(batch)
                    batch.removeAll(keepingCapacity: true)
                }
            }
            try insert(batch)
        }
        var request = JoinRequest(table: sessionTable.name, schema: SessionTable.schema, columns: table.columns,
                                  types: types.map { database.dialect.columnType(for: $0) })
        request.label = table.name
        request.isFile = true
        request.sessionTable = sessionTable
        return request
    }

    /// Rows read from the import before they are sent to the server.
    private static let rowsPerBatch = 10_000

    /// The server's type for an imported column of `kind`.
    private static func storedType(_ kind: ColumnProfile.Kind) -> StoredType {
        switch kind {
        case .integer: .integer
        case .real: .double
        case .text: .text
        case .blob: .bytes
        }
    }

    /// Whether no two rows of the file `request` names share the values of its join columns (a
    /// file has no key; reef's copy of it never changes, so what holds now holds for the join).
    static func joinColumnsAreUnique(_ request: JoinRequest, on database: Database) throws -> Bool {
        let columns = SQL.joined(request.pairs.map { "\(identifier: $0.otherColumn)" }, separator: ", ")
        let probe: SQL = "SELECT 1 FROM \(identifier: request.schema ?? "main").\(identifier: request.table) GROUP BY \(sql: columns) HAVING count(*) > 1 LIMIT 1"
        return try database.fetchRows(probe).rows.isEmpty
    }
}
