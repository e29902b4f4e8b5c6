/// One kind of database: opens the connections a database holds, and says what the database can
/// do so that the shared layers choose their way without naming the database.
///
/// A driver is a value; what it opens is used by one thread at a time. ``SQLiteDriver`` and
/// ``PostgresDriver`` conform; `Database(url:)` picks one from the string. The core holds what a
/// driver opens as a `DatabaseConnection`, an enum with a case per driver, so a new driver adds
/// its case there; the rest of the boundary (statements, values, dialect, introspection,
/// migrations) is in Documentation/Architecture.md, "Where each database lives" and "Recipes".
package protocol DatabaseDriver: Sendable {
    /// The connections it opens.
    associatedtype OpenedConnection: DriverConnection

    /// What the database can do.
    var capabilities: DriverCapabilities { get }

    /// Opens a connection for `role`, set up as the configuration asks.
    ///
    /// - Throws: the driver's ``DatabaseError`` when the database cannot be opened or is not one.
    func openConnection(for role: ConnectionRole) throws -> OpenedConnection

    /// The SQL its database speaks, the driver's answers (``SQLDialectRules``): quoting,
    /// placeholders, long lists, types, and how raw SQL is cut into tokens (to find the tables a
    /// statement writes, ``ChangeSource/recordedWrites``).
    var dialect: SQLDialect { get }

    /// Whether readers run on a standby of a replicated server: the core then keeps readers of
    /// role ``ConnectionRole/primaryReader`` for reads the standby has not caught up with.
    var readsOnStandby: Bool { get }

    /// The server's connection string, as given (nil for a file): what a new session of the same
    /// server is opened with.
    var serverConnectionString: String? { get }

    /// The settings the writer's session is opened with (libpq parameters), for sessions opened
    /// beside the driver's; empty for a file.
    var serverSettings: [String: String] { get }
}

extension DatabaseDriver {
    /// No standby, unless the driver says otherwise.
    package var readsOnStandby: Bool { false }

    /// None: a file.
    package var serverConnectionString: String? { nil }

    /// None: a file.
    package var serverSettings: [String: String] { [:] }
}

/// What a driver opens a connection for.
package enum ConnectionRole: Sendable, Equatable {
    /// The one writer: it may create the database and sets it up for writing.
    case writer
    /// A reader of the pool: it only reads.
    case reader
    /// A reader on the server that takes writes, for reads a standby has not caught up with
    /// (``ReadPlacement/preferStandby(maximumWait:)``); elsewhere the same as ``reader``.
    case primaryReader
    /// The connection where staged changes are tried and always rolled back, waiting for another
    /// connection's lock no longer than `busyTimeoutMilliseconds`.
    case trial(busyTimeoutMilliseconds: Int32)
}

/// What a database can do, as its driver reports it; the shared layers ask rather than assume.
package struct DriverCapabilities: Sendable, Equatable {
    /// Reads run on connections of their own, beside the writer and each other, each seeing the
    /// last commit (SQLite: a file in WAL mode; not `:memory:`, whose one connection is the writer).
    package var concurrentReaders: Bool
    /// Staged changes can be tried on a connection apart, so that the writer stays free and the
    /// database never sees them (SQLite: a file).
    package var trialConnection: Bool
    /// Commits made by other connections and processes can be noticed and told as changed tables
    /// (SQLite: a file, from its WAL and `PRAGMA data_version`).
    package var externalChanges: Bool
    /// Where the key of a row an insert made comes from when the database generated it.
    package var insertedKeys: InsertedKeySource = .lastInsertedRowID
    /// Where a commit's changes come from: the connection's own hooks, or (the default for a
    /// database without them) the writes ORMCore recorded.
    package var changeSource: ChangeSource = .recordedWrites

    /// Makes one from each of its stored properties (the memberwise initialiser, for the drivers).
    package init(concurrentReaders: Bool, trialConnection: Bool, externalChanges: Bool, insertedKeys: InsertedKeySource = .lastInsertedRowID, changeSource: ChangeSource = .recordedWrites) {
        self.concurrentReaders = concurrentReaders
        self.trialConnection = trialConnection
        self.externalChanges = externalChanges
        self.insertedKeys = insertedKeys
        self.changeSource = changeSource
    }
}
