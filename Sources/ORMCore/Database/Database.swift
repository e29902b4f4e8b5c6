import FoundationEssentials


/// A SQLite database: one serialised writer connection and, for files, a pool of readers.
///
/// `Database` is `Sendable`: use it from any thread or task. Writes are serialised; reads on file
/// databases run on their own connections and are never blocked by the writer (WAL).
///
/// ```swift
/// let db = try Database(path: "app.sqlite")
/// try db.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT)")
/// try db.execute("INSERT INTO t(name) VALUES (?)", "Zoë")
/// let names = try db.fetchAll("SELECT name FROM t").map { $0[0] }
/// ```
public final class Database: Sendable {
    /// The file path, or `":memory:"`.
    public let path: String
    /// The configuration it was opened with.
    public let configuration: Configuration

    let writer: WriterAccess
    private let readers: ReaderPool?
    /// Where staged edits are tried without reaching the file (nil in memory: the writer is used).
    let trials: TrialConnection?
    let identityMap = IdentityMap()
    let schemaRegistry = SchemaRegistry()
    let changeCenter = ChangeCenter()
    let migrationObservers = MigrationObservers()
    let externalChanges = ExternalChangeMonitor()

    /// Opens the database file at `path` (created if missing unless configured otherwise).
    ///
    /// - Throws: ``SQLiteError`` with `.cannotOpen`, `.notADatabase`, `.readOnly` or `.busy`.
    public init(path: String, configuration: Configuration = Configuration()) throws {
        self.path = path
        self.configuration = configuration
        let isMemory = path == ":memory:" || path.isEmpty
        let writerConnection = try Self.openConnection(path: path, configuration: configuration, reader: false)
        self.writer = WriterAccess(connection: writerConnection)
        if isMemory {
            self.readers = nil
            self.trials = nil
        } else {
            self.readers = ReaderPool(maximum: configuration.maximumReaders) {
                try Self.openConnection(path: path, configuration: configuration, reader: true)
            }
            self.trials = TrialConnection { busyTimeout in
                var trialConfiguration = configuration
                trialConfiguration.busyTimeoutMilliseconds = busyTimeout
                return try Self.openConnection(path: path, configuration: trialConfiguration, reader: false, trial: true)
            }
        }
    }

    /// Opens a new private in-memory database.
    public static func inMemory(configuration: Configuration = Configuration()) throws -> Database {
        try Database(path: ":memory:", configuration: configuration)
    }

    private static func openConnection(
        path: String, configuration: Configuration, reader: Bool, trial: Bool = false
    ) throws -> Connection {
        let readOnly = configuration.readOnly
        let connection = try Connection(
            path: path, readOnly: readOnly, create: configuration.createIfMissing && !reader && !trial,
            access: configuration.readOnlyAccess)
        connection.setBusyTimeout(milliseconds: configuration.busyTimeoutMilliseconds)
        connection.tracer = configuration.tracer
        // Reading the schema fails at once on a file that is not a database.
        try connection.execute("SELECT count(*) FROM sqlite_master")
        if !reader && !trial && !readOnly && configuration.journalMode == .wal && path != ":memory:" {
            // A directory that is not writable cannot hold the -wal file; keep the current mode then.
            do { try connection.execute("PRAGMA journal_mode = WAL") } catch let error as SQLiteError
            where error.isReadOnly || error.code == .cannotOpen || error.isBusy {}
            try connection.execute("PRAGMA synchronous = NORMAL")
        }
        try connection.execute(configuration.foreignKeys ? "PRAGMA foreign_keys = ON" : "PRAGMA foreign_keys = OFF")
        if reader { try connection.execute("PRAGMA query_only = ON") }
        if let kibibytes = configuration.pageCacheKiB {
            // PRAGMA takes no bound parameters; the value is an integer, never text.
            try connection.execute("PRAGMA cache_size = \(raw: String(-max(1, kibibytes)))")
        }
        for function in configuration.functions {
            try connection.register(function)
        }
        return connection
    }

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
    func write<T>(_ body: (Connection) throws -> T) throws -> T {
        if configuration.readOnly { throw ORMError.readOnlyDatabase(path: path) }
        return try withWriter(body)
    }

    /// Like ``write(_:)`` but allowed on a read-only database (for statements that may only read).
    func withWriter<T>(_ body: (Connection) throws -> T) throws -> T {
        var changes = ChangeSet()
        var afterCommit: [@Sendable () -> Void] = []
        let result = try writer.lock.withLock { isOutermost -> T in
            defer {
                if isOutermost {
                    changes = writer.connection.takeCommittedChanges()
                    afterCommit = writer.takeAfterCommitActions()
                }
            }
            return try Interruption.using(writer.connection, body)
        }
        for action in afterCommit { action() }
        if !changes.isEmpty { changeCenter.didCommit(changes, in: self) }
        return result
    }

    /// Runs `body` on a connection that sees committed data: a reader, or the writer when the current
    /// thread is writing (so it sees its own uncommitted changes).
    func read<T>(_ body: (Connection) throws -> T) throws -> T {
        if writer.lock.isHeldByCurrentThread || readers == nil {
            return try withWriter(body)
        }
        return try readers.unsafelyUnwrapped.withConnection { try Interruption.using($0, body) }
    }

    /// Whether the current thread is inside a write or transaction on this database.
    public var isWritingOnCurrentThread: Bool { writer.lock.isHeldByCurrentThread }

    // MARK: - Raw SQL

    /// Runs one statement. Values are bound, never spliced: interpolate them, or write `?` and pass them
    /// after the SQL (a collection fills one `?` as an `IN` list).
    ///
    /// ```swift
    /// try db.execute("UPDATE person SET age = \(age) WHERE id = \(id)")
    /// try db.execute("UPDATE person SET age = ? WHERE id IN ?", 42, [1, 2, 3])
    /// ```
    /// - Returns: the number of rows changed.
    @discardableResult
    public func execute(_ sql: SQL, _ arguments: any SQLExpressible...) throws -> Int {
        let bound = try sql.binding(arguments)
        return try write { connection in
            try connection.execute(bound)
            return connection.changes
        }
    }

    /// Runs several statements separated by semicolons (a schema script, say), all or nothing.
    ///
    /// The script runs in one transaction (a savepoint inside a transaction already open): when a
    /// statement fails, none of the script stays applied. A script that manages transactions itself
    /// or holds a statement SQLite does not run inside one (see
    /// ``SQLScript/runsOutsideTransaction(_:)``: `BEGIN`, `COMMIT`, `VACUUM`, `ATTACH`, a `PRAGMA`…)
    /// runs as written instead, each statement applied as it runs; a transaction such a script opened
    /// and left open by failing is rolled back.
    ///
    /// ```swift
    /// try db.executeScript("CREATE TABLE a (x); CREATE TABLE b (y REFERENCES a)")
    /// try db.executeScript("DELETE FROM log WHERE day < \(cutoff); INSERT INTO audit (note) VALUES (\(note))")
    /// ```
    /// Values (interpolated, or `SQL(text, arguments:)`) fill the placeholders statement by
    /// statement, in order.
    ///
    /// - Throws: the failing statement's ``SQLiteError``;
    ///   ``ORMError/argumentCountMismatch(sql:placeholders:arguments:)`` when the values do not
    ///   match the script's placeholders.
    public func executeScript(_ sql: SQL) throws {
        defer { writer.lock.withLock { _ in writer.connection.clearStatementCache() } }
        do {
            // Wrapped until a statement turns out to manage transactions itself: then what ran is
            // rolled back and the script runs again as written (no scan of the script beforehand).
            try transaction { _ in try writer.connection.executeScript(sql, stoppingOutsideTransaction: true) }
        } catch is Connection.StatementRunsOutsideTransaction {
            try write { connection in
                let wasAutocommit = connection.isAutocommit
                do {
                    try connection.executeScript(sql, stoppingOutsideTransaction: false)
                } catch {
                    if wasAutocommit && !connection.isAutocommit { try? connection.execute("ROLLBACK") }
                    throw error
                }
            }
        }
    }

    /// Runs a query and returns every row as values, in column order.
    public func fetchAll(_ sql: SQL, _ arguments: any SQLExpressible...) throws -> [[SQLValue]] {
        let bound = try sql.binding(arguments)
        return try read { connection in
            var rows: [[SQLValue]] = []
            try connection.forEachRow(bound) { rows.append($0.row()) }
            return rows
        }
    }

    /// Runs a query and hands each row to `body` as SQLite steps to it, values in column order:
    /// the rows are not collected, so a result of any size takes the memory of one row, and all
    /// of them come from one snapshot of the database (a reader holds it until the last row).
    ///
    /// ```swift
    /// try db.forEachRow("SELECT id, name FROM person WHERE age > ?", 30) { row in print(row) }
    /// ```
    public func forEachRow(_ sql: SQL, _ arguments: any SQLExpressible..., body: ([SQLValue]) throws -> Void) throws {
        let bound = try sql.binding(arguments)
        try read { connection in
            try connection.forEachRow(bound) { try body($0.row()) }
        }
    }

    /// Runs a query and hands `body` the statement on each row as SQLite steps to it, to read its
    /// columns in place with `Statement.column(at:)`: for reading values exactly as stored (text
    /// as its bytes, which need not be UTF-8; see `ColumnValue.withTextBytes(_:)`). As
    /// ``forEachRow(_:_:body:)``, one snapshot and the memory of one row.
    ///
    /// ```swift
    /// try db.forEachStatementRow("SELECT note FROM t") { row in
    ///     row.column(at: 0).withTextBytes { bytes in print(bytes.count) }
    /// }
    /// ```
    ///
    /// Hands out the SQLite statement itself, so it is part of the `ModelSupport` SPI
    /// (`@_spi(ModelSupport) import ORMCore`), with no promise to stay as it is: reef's exports use it.
    @_spi(ModelSupport)
    public func forEachStatementRow(_ sql: SQL, _ arguments: any SQLExpressible..., body: (Statement) throws -> Void)
        throws
    {
        let bound = try sql.binding(arguments)
        try read { connection in
            try connection.forEachRow(bound, body)
        }
    }

    /// Runs a query and returns its rows with their column names.
    public func fetchRows(_ sql: SQL, _ arguments: any SQLExpressible...) throws -> ResultTable {
        let bound = try sql.binding(arguments)
        return try read { connection in
            let statement = try connection.prepare(bound.text)
            try statement.bind(bound.arguments)
            let columns = (0..<statement.columnCount).map { statement.columnName(at: $0) }
            var rows: [[SQLValue]] = []
            while try statement.step() { rows.append(statement.row()) }
            return ResultTable(columns: columns, rows: rows)
        }
    }

    /// The first column of the first row, or nil when there is no row.
    public func scalar(_ sql: SQL, _ arguments: any SQLExpressible...) throws -> SQLValue? {
        let bound = try sql.binding(arguments)
        return try read { connection in
            var value: SQLValue?
            try connection.forEachRow(bound) { statement in
                if value == nil { value = statement.value(at: 0) }
            }
            return value
        }
    }

    /// Whether `sql`, one statement, leaves the database file as it is, as `sqlite3_stmt_readonly`
    /// tells: true for queries and for transaction control (`BEGIN`, `COMMIT`), false for
    /// statements that write rows or the schema. The statement is prepared, not run.
    ///
    /// - Throws: SQLite's error when the statement does not prepare.
    public func isReadOnly(_ sql: SQL) throws -> Bool {
        try read { connection in try connection.prepare(sql.text).isReadOnly }
    }

    /// Interrupts whatever statement the writer is running (from any thread).
    public func interrupt() {
        writer.connection.interrupt()
    }
}

/// Rows returned by a raw query, with their column names.
public struct ResultTable: Sendable, Equatable {
    /// The result column names.
    public let columns: [String]
    /// The rows, each in column order.
    public let rows: [[SQLValue]]
}

/// The writer connection, its lock, and what only the lock holder touches.
final class WriterAccess: @unchecked Sendable {
    // Everything but `lock` is read and written only while `lock` is held (so without run-time
    // exclusivity checks on the per-object paths).
    let lock = ReentrantLock()
    let connection: Connection
    @exclusivity(unchecked) var frames: [TransactionFrame] = []
    private var afterCommit: [@Sendable () -> Void] = []
    private var frameSerial: UInt64 = 0
    /// The model type whose table the last object write found ready, and its schema, borrowed from
    /// `schemas`: a run of writes of one model checks the schema registry once and retains no schema
    /// per write. Cleared when a rollback forgets prepared tables.
    @exclusivity(unchecked) var lastPrepared: (model: ObjectIdentifier, schema: Unmanaged<ModelSchema>)?
    /// The schema of every model type this writer has written, the first instance each type gave:
    /// never replaced, so a schema borrowed through `lastPrepared` outlives every write using it.
    private var schemas: [ObjectIdentifier: ModelSchema] = [:]

    init(connection: Connection) {
        self.connection = connection
    }

    /// The innermost open transaction frame (nil outside a transaction), borrowed: `frames` holds it
    /// while a write uses it, so a write inside a batch costs no reference counting for it.
    var innermostFrame: BorrowedFrame? {
        guard let index = frames.indices.last else { return nil }
        return BorrowedFrame(frames[index])
    }

    /// Makes `type` the last prepared model, keeping its schema.
    func setLastPrepared<T: Model>(_ type: T.Type) {
        let model = ObjectIdentifier(type)
        let schema = schemas[model] ?? T.modelSchema
        schemas[model] = schema
        lastPrepared = (model, .passUnretained(schema))
    }

    func scheduleAfterCommit(_ actions: [@Sendable () -> Void]) {
        afterCommit += actions
    }

    /// A serial for a new transaction frame (never 0, the serial of no frame).
    func nextFrameSerial() -> UInt64 {
        frameSerial += 1
        return frameSerial
    }

    func takeAfterCommitActions() -> [@Sendable () -> Void] {
        defer { afterCommit = [] }
        return afterCommit
    }
}

/// A weak reference to a database, for helpers it owns.
struct WeakDatabase: @unchecked Sendable {
    // Written once at init, read-only after.
    weak var database: Database?
    init(_ database: Database) { self.database = database }
}
