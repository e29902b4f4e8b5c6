/// One connection the core holds, whichever driver opened it: the writer, a reader or the trial
/// connection.
///
/// The driver's connection is held as ``CoreDriverConnection``, opened once when the connection
/// opens and never cast again: what each database does its own way is a requirement of a driver
/// protocol, and the layers above reach their own (the record layer's `RecordConnection`) the
/// same way, made when the connection opened. What every connection does and is not hot
/// (transactions, savepoints, scripts, introspection) is forwarded here.
package class DatabaseConnection: @unchecked Sendable {
    // Sendable as each connection is: the core serialises its use (the writer's lock, the pool).
    /// The driver's connection.
    package let driverConnection: any CoreDriverConnection
    /// The SQL the connection's database speaks.
    package let dialect: SQLDialect

    /// Holds `connection`, a connection a driver opened.
    package init(_ connection: any CoreDriverConnection) {
        driverConnection = connection
        dialect = connection.dialect
    }

    /// Whether a read here sees this process's last commit (see
    /// ``CoreDriverConnection/hasReplayedOwnCommits``).
    package var hasReplayedOwnCommits: Bool { driverConnection.hasReplayedOwnCommits }

    /// The connection object itself (its identity).
    package var object: AnyObject { driverConnection }

    /// The database's name, as errors name it.
    package var databaseName: String { driverConnection.databaseName }

    // MARK: - Forwarded (cold paths)

    /// Whether a transaction is open.
    package var isInTransaction: Bool { driverConnection.isInTransaction }

    /// Begins a transaction of the given kind.
    package func begin(_ kind: TransactionKind) throws { try driverConnection.begin(kind) }

    /// Commits the open transaction.
    package func commit() throws { try driverConnection.commit() }

    /// Rolls the open transaction back.
    package func rollback() throws { try driverConnection.rollback() }

    /// Opens savepoint `name`.
    package func savepoint(_ name: String) throws { try driverConnection.savepoint(name) }

    /// Releases savepoint `name`.
    package func releaseSavepoint(_ name: String) throws { try driverConnection.releaseSavepoint(name) }

    /// Undoes what was done since savepoint `name`.
    package func rollback(toSavepoint name: String) throws { try driverConnection.rollback(toSavepoint: name) }

    /// Runs one statement with its arguments, discarding any rows.
    package func execute(_ sql: SQL) throws {
        try driverConnection.execute(sql.rendered(in: dialect))
    }

    /// Runs several statements separated by semicolons (see
    /// ``DriverConnection/executeScript(_:stoppingOutsideTransaction:)``).
    package func executeScript(_ sql: SQL, stoppingOutsideTransaction: Bool) throws {
        try driverConnection.executeScript(sql.rendered(in: dialect), stoppingOutsideTransaction: stoppingOutsideTransaction)
    }

    /// The first column of the first row `sql` returns, or nil when it returns none.
    package func firstValue(_ sql: SQL) throws -> SQLValue? {
        try driverConnection.firstValue(sql.rendered(in: dialect))
    }

    /// Drops every cached statement.
    package func clearStatementCache() { driverConnection.clearStatementCache() }

    /// The number of rows the last `INSERT`, `UPDATE` or `DELETE` changed.
    package var changedRowCount: Int { driverConnection.changedRowCount }

    /// Stops the statement this connection runs, from any thread.
    package var interruptHandle: any InterruptHandle { driverConnection.interruptHandle }

    /// Whether the session with the server was lost (see ``CoreDriverConnection/isLost``).
    package var isLost: Bool { driverConnection.isLost }

    /// Connects again when the session with the server was lost; nothing on a file.
    ///
    /// - Throws: the driver's error when the server still cannot be reached.
    package func reconnectIfLost() throws { try driverConnection.reconnectWhenLost() }

    /// Runs `body`, a read of the schema through the connection's ``introspector`` (see
    /// ``CoreDriverConnection/introspecting(_:)``).
    package func introspecting<T>(_ body: (any SchemaIntrospector) throws -> T) throws -> T {
        try driverConnection.introspecting(body)
    }

    /// The connection's view of the schema.
    package var introspector: any SchemaIntrospector { driverConnection.introspector }

    /// This database's way of noticing other connections' commits, made for its writer.
    package func makeExternalChangeWatch() -> any ExternalChangeWatch { driverConnection.makeExternalChangeWatch() }
}

extension DriverConnection {
    /// The first column of the first row `sql` (rendered) returns, or nil when it returns none.
    package func firstValue(_ sql: SQL) throws -> SQLValue? {
        try cachedStatement(sql.text).use { statement in
            try statement.bind(sql.arguments)
            return try statement.step() ? statement.value(at: 0) : nil
        }
    }
}
