/// The connections of one database, below everything that knows of models: the writer and its
/// lock, the reader pool, the trial connection, and the source of other processes' changes.
///
/// ``Database`` (the facade above the record layer) owns one and adds what the layers above need:
/// the identity map, the schema registry, transaction frames and the delivery of events. The core
/// knows none of them: what a write commits is handed back to its caller to deliver.
final class DatabaseCore: Sendable {
    /// The file path, or `":memory:"`.
    let path: String
    /// The configuration it was opened with.
    let configuration: Configuration
    /// The writer connection and its lock.
    let writer: WriterAccess
    /// Reader connections (nil in memory: the writer reads too).
    let readers: ReaderPool?
    /// Where staged edits are tried without reaching the file (nil in memory: the writer is used).
    let trials: TrialConnection?
    /// Other connections' and processes' commits to the same file.
    let externalChanges = ExternalChangeMonitor()

    /// Opens the writer (at once) and prepares the readers and the trial connection (opened on
    /// first use).
    ///
    /// - Throws: ``SQLiteError`` with `.cannotOpen`, `.notADatabase`, `.readOnly` or `.busy`.
    init(path: String, configuration: Configuration) throws {
        self.path = path
        self.configuration = configuration
        let writerConnection = try Self.openConnection(path: path, configuration: configuration, reader: false)
        self.writer = WriterAccess(connection: writerConnection)
        if path == ":memory:" || path.isEmpty {
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

    /// Whether the database lives in memory (one connection, no file to watch).
    var isInMemory: Bool { path == ":memory:" || path.isEmpty }

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

    // MARK: - Access

    /// Runs `body` on the writer connection, holding the writer lock. When the outermost call
    /// returns, the lock is released, the actions scheduled to run after it run, and `committed` is
    /// handed what was committed (never while the lock is held; not called when nothing was).
    @inline(__always)
    func withWriter<T>(_ body: (Connection) throws -> T, committed: (ChangeSet) -> Void) throws -> T {
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
        if !changes.isEmpty { committed(changes) }
        return result
    }

    /// Runs `body` on a connection that sees committed data: a reader, or the writer when the
    /// current thread is writing (so it sees its own uncommitted changes) or the database is in
    /// memory; `committed` as ``withWriter(_:committed:)`` has it then.
    @inline(__always)
    func read<T>(_ body: (Connection) throws -> T, committed: (ChangeSet) -> Void) throws -> T {
        if writer.lock.isHeldByCurrentThread || readers == nil {
            return try withWriter(body, committed: committed)
        }
        return try readers.unsafelyUnwrapped.withConnection { try Interruption.using($0, body) }
    }

    /// ``read(_:committed:)`` for reads that commit nothing, so have nothing to deliver (the poll of
    /// other processes' commits).
    func read<T>(_ body: (Connection) throws -> T) throws -> T {
        try read(body) { _ in }
    }

    /// Interrupts whatever statement the writer is running (from any thread).
    func interrupt() {
        writer.connection.interrupt()
    }
}
