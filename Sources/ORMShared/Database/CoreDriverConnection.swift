/// What the database core asks of a driver's connection beside its statements
/// (``DriverConnection``): a server's session lost and made again, a standby's replay, the watch
/// of other connections' commits. Each driver's connection conforms in its own folder; the core
/// holds one as ``DatabaseConnection``, opened once and never cast again.
package protocol CoreDriverConnection: DriverConnection {
    /// The SQL this connection's database speaks.
    var dialect: SQLDialect { get }

    /// The database's name, as errors name it ("SQLite", "PostgreSQL").
    var databaseName: String { get }

    /// Whether a read here sees this process's last commit (a standby waits, a bounded time, until
    /// it replayed it); true where reads and writes see one database.
    var hasReplayedOwnCommits: Bool { get }

    /// Whether the connection is a session with a server, which can be lost between uses (then
    /// ``isLost`` is asked); false for a file.
    var hasSession: Bool { get }

    /// Whether the session with the server was lost, read without waiting: such a connection is
    /// dropped from the reader pool, or connected again (``reconnectWhenLost()``). A file's never is.
    var isLost: Bool { get }

    /// Connects again when the session with the server was lost; nothing where there is none.
    ///
    /// - Throws: the driver's error when the server still cannot be reached.
    func reconnectWhenLost() throws

    /// Runs `body`, a read of the schema through the connection's ``DriverConnection/introspector``
    /// (a server's reader that found its session lost outside a transaction runs it once more on a
    /// new session).
    func introspecting<T>(_ body: (any SchemaIntrospector) throws -> T) throws -> T

    /// This database's way of noticing other connections' commits, made for its writer.
    func makeExternalChangeWatch() -> any ExternalChangeWatch

    /// The first `count` bytes of the text or blob in `column` of the row `rowID` of `table`, and
    /// the value's size in bytes, read without loading the rest (SQLite's incremental I/O); nil
    /// when the row is gone or the value cannot be read this way. Asked only of a database with
    /// rowids (``SQLDialect/hasRowID``): one without cuts the value with a statement instead.
    ///
    /// - Throws: the driver's ``DatabaseError`` when the read fails;
    ///   ``ORMError/notSupported(feature:database:)`` by default.
    func valuePrefix(table: String, column: String, rowID: Int64, count: Int) throws -> (bytes: [UInt8], size: Int)?
}

extension CoreDriverConnection {
    package func valuePrefix(table: String, column: String, rowID: Int64, count: Int) throws -> (bytes: [UInt8], size: Int)? {
        throw ORMError.notSupported(feature: "reading a value's first bytes in place", database: databaseName)
    }

    package var hasReplayedOwnCommits: Bool { true }

    package var hasSession: Bool { false }

    package var isLost: Bool { false }

    package func reconnectWhenLost() throws {}

    package func introspecting<T>(_ body: (any SchemaIntrospector) throws -> T) throws -> T {
        try body(introspector)
    }
}
