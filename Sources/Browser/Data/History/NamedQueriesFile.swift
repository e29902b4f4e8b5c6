/// The queries saved under a name for one database (pgcli's `\ns`), kept in a file of the state
/// folder between runs.
///
/// The file is `queries/NAME-HASH.queries` in the folder (``StateFile/name(for:)``): lines of JSON
/// strings, the database's ``DatabaseIdentity`` first, then each query's name followed by its
/// text, in the order they were first saved. It is written whole, 0600, renamed over the old one
/// (``StateFile``), read again before each change so that another reef's queries are kept.
struct NamedQueriesFile: Sendable {
    /// The file.
    let path: String
    /// The database's identity, the first line of the file.
    let database: String

    /// The named queries of the database `databasePath` names (a file or a server's connection
    /// string), in the state `folder`.
    init(folder: String, databasePath: String) {
        database = DatabaseIdentity.of(databasePath)
        path = folder + "/queries/" + StateFile.name(for: database) + ".queries"
    }

    /// The queries, in the order they were first saved; none when there is no file yet.
    ///
    /// - Throws: ``FileFailure`` when the file exists but cannot be read, or belongs to another database.
    func load() throws(FileFailure) -> [NamedQuery] {
        guard let pairs = try StateFile.readLines(of: path, ownedBy: database, holding: "queries") else {
            return []
        }
        return stride(from: pairs.startIndex, to: pairs.endIndex - 1, by: 2).map {
            NamedQuery(name: pairs[$0], query: pairs[$0 + 1])
        }
    }

    /// Saves `query` as `name`, in place of a query of that name.
    ///
    /// - Throws: ``FileFailure`` when the file cannot be read or written; it is then as it was.
    func save(_ query: NamedQuery) throws(FileFailure) {
        var queries = try load()
        if let index = queries.firstIndex(where: { $0.name == query.name }) {
            queries[index] = query
        } else {
            queries.append(query)
        }
        try write(queries)
    }

    /// Deletes the query `name`; returns whether there was one.
    ///
    /// - Throws: ``FileFailure`` when the file cannot be read or written; it is then as it was.
    func delete(_ name: String) throws(FileFailure) -> Bool {
        var queries = try load()
        guard let index = queries.firstIndex(where: { $0.name == name }) else {
            return false
        }
        queries.remove(at: index)
        try write(queries)
        return true
    }

    /// Writes the file whole.
    private func write(_ queries: [NamedQuery]) throws(FileFailure) {
        try StateFile.write(lines: [database] + queries.flatMap { [$0.name, $0.query] }, to: path)
    }
}

/// A query saved under a name (`\ns name query`).
struct NamedQuery: Equatable, Sendable {
    /// What it is called (one word).
    var name: String
    /// Its SQL, as typed.
    var query: String
}
