import FoundationEssentials


/// A database: one serialised writer connection and, for SQLite files and PostgreSQL servers, a
/// pool of readers. ``init(path:configuration:)`` opens a SQLite file, ``init(url:schema:configuration:)``
/// a file or a PostgreSQL server (what works there is listed with it).
///
/// `Database` is `Sendable`: use it from any thread or task. Writes are serialised; reads on file
/// databases and servers run on their own connections and are never blocked by the writer (WAL on
/// SQLite).
///
/// ```swift
/// let db = try Database(path: "app.sqlite")
/// try db.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT)")
/// try db.execute("INSERT INTO t(name) VALUES (?)", "Zoë")
/// let names = try db.fetchAll("SELECT name FROM t").map { $0[0] }
/// ```
public final class Database: Sendable {
    /// The connections: writer, readers, the trial connection, other processes' changes.
    package let core: DatabaseCore
    /// The core's writer, kept at hand: every object write reaches it, one load fewer than through
    /// the core.
    package let writer: WriterAccess
    /// Whether the database was opened read-only: every write checks it, and fails.
    package let refusesWrites: Bool
    /// What the record layer keeps beside the writer (touched only under the writer's lock).
    package let writerState = WriterRecordState()
    package let identityMap = IdentityMap()
    package let schemaRegistry = SchemaRegistry()
    let changeCenter = ChangeCenter()
    package let migrationObservers = MigrationObservers()

    /// Opens the database `driver` opens (tests stand in other databases' capabilities with it).
    package convenience init<Driver: DatabaseDriver>(driver: Driver, path: String, configuration: Configuration) throws
    where Driver.OpenedConnection: RecordDriverConnection {
        try self.init(
            core: DatabaseCore(driver: driver, path: path, configuration: configuration, wrap: RecordConnection.init(opening:)))
    }

    private init(core: DatabaseCore) throws {
        let configuration = core.configuration
        self.core = core
        self.writer = core.writer
        self.refusesWrites = configuration.readOnly
    }

    /// The file path, or `":memory:"`; for a server opened with ``init(url:schema:configuration:)``, its
    /// connection string without the password.
    public var path: String { core.path }
    /// The configuration it was opened with.
    public var configuration: Configuration { core.configuration }
    /// The SQL the database speaks: ``SQLDialect/sqlite`` or ``SQLDialect/postgres``.
    public var dialect: SQLDialect { core.writer.connection.dialect }

    // MARK: - The default database

    private static let defaultDatabase = Lock<Database?>(nil)

    /// Makes `database` the one models use when no database is named (SharkORM's `openDatabaseNamed`).
    public static func setDefault(_ database: Database?) {
        defaultDatabase.withLock { $0 = database }
    }

    /// The default database set with ``setDefault(_:)``.
    ///
    /// - Throws: ``ORMError/noDefaultDatabase`` when none was set.
    public static func current() throws -> Database {
        guard let database = defaultDatabase.withLock({ $0 }) else { throw ORMError.noDefaultDatabase }
        return database
    }

    // MARK: - Access

    /// Runs `body` on the writer connection, holding the writer lock. When the outermost call returns,
    /// the lock is released and committed changes are delivered (never while the lock is held).
    package func write<T>(_ body: (DatabaseConnection) throws -> T) throws -> T {
        if refusesWrites { throw ORMError.readOnlyDatabase(path: core.path) }
        return try withWriter(body)
    }

    /// Like ``write(_:)`` but allowed on a read-only database (for statements that may only read).
    func withWriter<T>(_ body: (DatabaseConnection) throws -> T) throws -> T {
        try core.withWriter(body) { deliver($0) }
    }

    /// Runs `body` on a connection that sees committed data: a reader, or the writer when the current
    /// thread is writing (so it sees its own uncommitted changes).
    package func read<T>(_ body: (DatabaseConnection) throws -> T) throws -> T {
        try core.read(body) { deliver($0) }
    }

    /// Hands committed changes to the live objects, then to the observers. Called with no lock held.
    package func deliver(_ changes: ChangeSet) {
        refreshLiveObjects(after: changes)
        changeCenter.didCommit(changes)
    }

    /// Whether the current thread is inside a write or transaction on this database.
    public var isWritingOnCurrentThread: Bool { writer.lock.isHeldByCurrentThread }
}

/// A weak reference to a database, for helpers it owns.
struct WeakDatabase: @unchecked Sendable {
    // Written once at init, read-only after.
    package weak var database: Database?
    init(_ database: Database) { self.database = database }
}
