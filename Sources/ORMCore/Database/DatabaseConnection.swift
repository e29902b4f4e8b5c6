/// One connection the core holds, whichever driver opened it: the writer, a reader or the trial
/// connection.
///
/// An enum of the drivers' own connection types rather than `any DriverConnection`: a caller
/// switches once per call into code generic over ``DriverConnection``, so SQLite's branch runs
/// specialised code (its concrete statement loops kept where hot) and no statement step pays a
/// witness call or a cast. What every connection does and is not hot (transactions, savepoints,
/// scripts, introspection) is forwarded here.
///
/// What only SQLite has (value prefixes, foreign-key deferral by pragma, rowid walks, the WAL
/// watch) is reached through ``sqlite(_:)``, which names what is not supported on another
/// database instead of doing something else.
enum DatabaseConnection: @unchecked Sendable {
    // Sendable as each connection is: the core serialises its use (the writer's lock, the pool).
    /// A SQLite connection.
    case sqlite(Connection)
    /// A PostgreSQL connection.
    case postgres(PostgresConnection)

    /// SQLite's connection.
    ///
    /// - Parameter feature: what needs it, as the error names it ("value prefixes").
    /// - Throws: ``ORMError/notSupported(feature:database:)`` on any other database.
    @inline(__always)
    func sqlite(_ feature: @autoclosure () -> String) throws -> Connection {
        switch self {
        case .sqlite(let connection): return connection
        case .postgres: throw ORMError.notSupported(feature: feature(), database: "PostgreSQL")
        }
    }

    /// Whether a read here sees this process's last commit: always on SQLite; on a PostgreSQL
    /// standby once it replayed that commit (waiting a bounded time, ``PostgresConnection/waitForReplay()``).
    var hasReplayedOwnCommits: Bool {
        switch self {
        case .sqlite: true
        case .postgres(let connection): connection.waitForReplay()
        }
    }

    /// The connection as the driver protocol sees it, for what is not hot: what each database does
    /// its own way is a requirement of ``DriverConnection``, called through this.
    var driverConnection: any DriverConnection {
        switch self {
        case .sqlite(let connection): connection
        case .postgres(let connection): connection
        }
    }

    /// The connection object itself (its identity).
    var object: AnyObject { driverConnection }

    /// The database's name, as errors name it.
    var databaseName: String {
        switch self {
        case .sqlite: "SQLite"
        case .postgres: "PostgreSQL"
        }
    }

    // MARK: - Forwarded (cold paths)

    /// Whether a transaction is open.
    var isInTransaction: Bool {
        switch self {
        case .sqlite(let connection): connection.isInTransaction
        case .postgres(let connection): connection.isInTransaction
        }
    }

    /// Begins a transaction of the given kind.
    func begin(_ kind: TransactionKind) throws {
        switch self {
        case .sqlite(let connection): try connection.begin(kind)
        case .postgres(let connection): try connection.begin(kind)
        }
    }

    /// Commits the open transaction.
    func commit() throws {
        switch self {
        case .sqlite(let connection): try connection.commit()
        case .postgres(let connection): try connection.commit()
        }
    }

    /// Rolls the open transaction back.
    func rollback() throws {
        switch self {
        case .sqlite(let connection): try connection.rollback()
        case .postgres(let connection): try connection.rollback()
        }
    }

    /// Opens savepoint `name`.
    func savepoint(_ name: String) throws {
        switch self {
        case .sqlite(let connection): try connection.savepoint(name)
        case .postgres(let connection): try connection.savepoint(name)
        }
    }

    /// Releases savepoint `name`.
    func releaseSavepoint(_ name: String) throws {
        switch self {
        case .sqlite(let connection): try connection.releaseSavepoint(name)
        case .postgres(let connection): try connection.releaseSavepoint(name)
        }
    }

    /// Undoes what was done since savepoint `name`.
    func rollback(toSavepoint name: String) throws {
        switch self {
        case .sqlite(let connection): try connection.rollback(toSavepoint: name)
        case .postgres(let connection): try connection.rollback(toSavepoint: name)
        }
    }

    /// Runs one statement with its arguments, discarding any rows.
    func execute(_ sql: SQL) throws {
        let sql = sql.rendered(in: dialect)
        switch self {
        case .sqlite(let connection): try connection.execute(sql)
        case .postgres(let connection): try connection.execute(sql)
        }
    }

    /// Runs several statements separated by semicolons (see
    /// ``DriverConnection/executeScript(_:stoppingOutsideTransaction:)``).
    func executeScript(_ sql: SQL, stoppingOutsideTransaction: Bool) throws {
        let sql = sql.rendered(in: dialect)
        switch self {
        case .sqlite(let connection): try connection.executeScript(sql, stoppingOutsideTransaction: stoppingOutsideTransaction)
        case .postgres(let connection):
            try connection.executeScript(sql, stoppingOutsideTransaction: stoppingOutsideTransaction)
        }
    }

    /// The first column of the first row `sql` returns, or nil when it returns none.
    func firstValue(_ sql: SQL) throws -> SQLValue? {
        let sql = sql.rendered(in: dialect)
        func first<C: DriverConnection>(_ connection: C) throws -> SQLValue? {
            try connection.cachedStatement(sql.text).use { statement in
                try statement.bind(sql.arguments)
                return try statement.step() ? statement.value(at: 0) : nil
            }
        }
        switch self {
        case .sqlite(let connection): return try first(connection)
        case .postgres(let connection): return try first(connection)
        }
    }

    /// Drops every cached statement.
    func clearStatementCache() {
        switch self {
        case .sqlite(let connection): connection.clearStatementCache()
        case .postgres(let connection): connection.clearStatementCache()
        }
    }

    /// The number of rows the last `INSERT`, `UPDATE` or `DELETE` changed.
    var changedRowCount: Int {
        switch self {
        case .sqlite(let connection): connection.changedRowCount
        case .postgres(let connection): connection.changedRowCount
        }
    }

    /// Stops the statement this connection runs, from any thread.
    var interruptHandle: any InterruptHandle {
        switch self {
        case .sqlite(let connection): connection
        case .postgres(let connection): connection.interruptHandle
        }
    }

    /// Whether the session with the server was lost, read from what the server sent meanwhile
    /// without waiting (`PGConnection.isStillConnected()`): such a connection is dropped from the
    /// reader pool, or connected again (``reconnectIfLost()``). A SQLite file's never is.
    var isLost: Bool {
        switch self {
        case .sqlite: false
        case .postgres(let connection): !connection.client.isStillConnected()
        }
    }

    /// Connects again when the session with the server was lost (see
    /// ``PostgresConnection/reconnectIfLost()``); nothing on SQLite.
    ///
    /// - Throws: the driver's error when the server still cannot be reached.
    func reconnectIfLost() throws {
        if case .postgres(let connection) = self {
            try connection.reconnectIfLost()
        }
    }

    /// Runs `body`, a read of the schema through the connection's ``introspector``: on
    /// PostgreSQL, one that found its session lost outside a transaction, on a reader, runs once
    /// more on a new session (``PostgresConnection/readingCatalog(_:)``).
    func introspecting<T>(_ body: (any SchemaIntrospector) throws -> T) throws -> T {
        switch self {
        case .sqlite(let connection): try body(connection.introspector)
        case .postgres(let connection): try connection.readingCatalog { try body(connection.introspector) }
        }
    }

    /// The connection's view of the schema.
    var introspector: any SchemaIntrospector {
        switch self {
        case .sqlite(let connection): connection.introspector
        case .postgres(let connection): connection.introspector
        }
    }

    /// The SQL the connection's database speaks.
    var dialect: SQLDialect {
        switch self {
        case .sqlite: .sqlite
        case .postgres: .postgres
        }
    }
}

extension DatabaseConnection {
    /// `opened`, a connection a driver opened, as the case of its type (once, when it is opened).
    ///
    /// - Throws: ``ORMError/notSupported(feature:database:)`` for a connection type the core does
    ///   not know (a driver added without its case here).
    static func wrapping(_ opened: some DriverConnection) throws -> DatabaseConnection {
        if let connection = opened as? Connection { return .sqlite(connection) }
        if let connection = opened as? PostgresConnection { return .postgres(connection) }
        throw ORMError.notSupported(feature: "a database core over \(type(of: opened))", database: "this driver")
    }
}

extension DatabaseConnection {
    /// This database's way of noticing other connections' commits, made for its writer.
    func makeExternalChangeWatch() -> any ExternalChangeWatch {
        switch self {
        case .sqlite: SQLiteFileWatch()
        case .postgres(let connection): PostgresServerWatch(writer: connection)
        }
    }
}
