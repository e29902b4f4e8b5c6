import ORMShared

/// SQLite's driver: a file (or `":memory:"`) opened with the C API.
///
/// A file has a writer, readers beside it (WAL), a trial connection and a watch on other processes'
/// commits; an in-memory database is one connection, the writer, which does all of that itself.
package struct SQLiteDriver: DatabaseDriver {
    /// The file path, or `":memory:"` (or empty: a private temporary database).
    package let path: String
    /// How connections are opened and set up.
    package let configuration: Configuration
    /// Whether its connections record changes with SQLite's update and rollback hooks (false only
    /// in tests standing in a database without hooks: then ORMCore records its own writes).
    var changeHooks = true
    /// SQLite's SQL.
    package var dialect: SQLDialect { .sqlite }

    /// Whether the database lives in memory (one connection, no file).
    var isInMemory: Bool { path == ":memory:" || path.isEmpty }

    package var capabilities: DriverCapabilities {
        let isFile = !isInMemory
        return DriverCapabilities(
            concurrentReaders: isFile, trialConnection: isFile, externalChanges: isFile, insertedKeys: .lastInsertedRowID,
            changeSource: changeHooks ? .connectionHooks : .recordedWrites)
    }

    package func openConnection(for role: ConnectionRole) throws -> Connection {
        switch role {
        case .writer:
            return try open(configuration, reader: false, trial: false)
        case .reader, .primaryReader:
            return try open(configuration, reader: true, trial: false)
        case .trial(let busyTimeout):
            var trialConfiguration = configuration
            trialConfiguration.busyTimeoutMilliseconds = busyTimeout
            return try open(trialConfiguration, reader: false, trial: true)
        }
    }

    private func open(_ configuration: Configuration, reader: Bool, trial: Bool) throws -> Connection {
        let readOnly = configuration.readOnly
        let connection = try Connection(
            path: path, readOnly: readOnly, create: configuration.createIfMissing && !reader && !trial,
            access: configuration.readOnlyAccess, recordsChanges: changeHooks)
        connection.setBusyTimeout(milliseconds: configuration.busyTimeoutMilliseconds)
        connection.tracer = configuration.tracer
        // Reading the schema fails at once on a file that is not a database.
        try connection.execute("SELECT count(*) FROM sqlite_master")
        if let bytes = configuration.pageSize, !reader && !trial && !readOnly {
            // Before WAL is set: a file in WAL mode keeps the page size it has. PRAGMA takes no
            // bound parameters; the value is an integer, never text.
            try connection.execute("PRAGMA page_size = \(raw: String(bytes))")
        }
        if !configuration.waitsForDisk {
            // Before the journal mode changes: that change writes the file, and would wait for the disk.
            try connection.execute("PRAGMA synchronous = OFF")
        }
        if !reader && !trial && !readOnly && configuration.journalMode == .wal && path != ":memory:" {
            // A directory that is not writable cannot hold the -wal file; keep the current mode then.
            do { try connection.execute("PRAGMA journal_mode = WAL") } catch let error as SQLiteError
            where error.isReadOnly || error.code == .cannotOpen || error.isBusy {}
            if configuration.waitsForDisk {
                try connection.execute("PRAGMA synchronous = NORMAL")
            }
        }
        try connection.execute(configuration.foreignKeys ? "PRAGMA foreign_keys = ON" : "PRAGMA foreign_keys = OFF")
        if reader { try connection.execute("PRAGMA query_only = ON") }
        if let kibibytes = configuration.pageCacheKiB {
            // PRAGMA takes no bound parameters; the value is an integer, never text.
            try connection.execute("PRAGMA cache_size = \(raw: String(-max(1, kibibytes)))")
        }
        try connection.registerValueContains()
        try connection.registerValueKey()
        try connection.registerRowValueKey()
        for function in configuration.functions {
            try connection.register(function)
        }
        for collation in configuration.collations {
            try connection.register(collation)
        }
        for file in configuration.attachedFiles.all {
            try connection.execute(SQL("ATTACH DATABASE ? AS \(quoteIdentifier(file.name))", arguments: [file.path]))
        }
        return connection
    }
}
