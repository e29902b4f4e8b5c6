import Synchronization

/// The connections of one database, below everything that knows of models: the writer and its
/// lock, the reader pool, the trial connection, and the source of other processes' changes.
///
/// ``Database`` (the facade above the record layer) owns one and adds what the layers above need:
/// the identity map, the schema registry, transaction frames and the delivery of events. The core
/// knows none of them: what a write commits is handed back to its caller to deliver.
package final class DatabaseCore: Sendable {
    /// The file path, or `":memory:"`; for a server, its connection string (no password).
    package let path: String
    /// For a server, the connection string as given, password included: what the watch of other
    /// sessions' commits connects with. Never shown.
    package let serverConnectionString: String?
    /// For a server, the settings the writer connects with beside the string (bounds, and on a
    /// cluster `target_session_attrs=read-write`): the watch connects with them too, so it watches
    /// the primary, where commits happen, and follows it through a failover.
    package let serverSettings: [String: String]
    /// The configuration it was opened with.
    package let configuration: Configuration
    /// What the database can do, as its driver reported it.
    package let capabilities: DriverCapabilities
    /// The writer connection and its lock.
    package let writer: WriterAccess
    /// Reader connections (nil where the driver has none, as in memory: the writer reads too).
    package let readers: ReaderPool?
    /// Where staged edits are tried without reaching the file (nil where the driver has none, as in
    /// memory: the writer is used).
    package let trials: TrialConnection?
    /// Other connections' and processes' commits to the same database (watched only where the
    /// driver can tell them).
    package let externalChanges: ExternalChangeMonitor
    /// How many session tables (``SessionTable``) the writer's session holds: while there is one,
    /// every read runs on the writer, the only session that sees them.
    let sessionTableCount = Atomic<Int>(0)
    /// The names of the session tables made and not yet dropped (taken before the table is made).
    let sessionTableNames = Lock<Set<String>>([])

    /// Opens the writer through `driver` (at once), and the readers and the trial connection on
    /// first use where the driver reports the database has them.
    ///
    /// What a commit changed comes from the driver's ``ChangeSource``: SQLite's hooks, read from the
    /// writer connection, or the writes the facade records in the writer's ``RecordedChanges``
    /// (``WriterAccess/takeCommittedChanges()`` takes either).
    ///
    /// Each connection is held as a ``DatabaseConnection`` that `wrap` makes when the connection
    /// opens (the record layer's `RecordConnection`, which finds its driver protocol then, once):
    /// no later call casts. What each database does its own way is a requirement of a driver
    /// protocol; a hot path's requirement is generic over the model and runs the driver's loop,
    /// specialised for its statement, once a call (Decision 0001, 0011).
    ///
    /// - Throws: the driver's ``DatabaseError`` when the writer cannot be opened.
    package init<Driver: DatabaseDriver>(
        driver: Driver, path: String, configuration: Configuration,
        wrap: @escaping @Sendable (any CoreDriverConnection) throws -> DatabaseConnection = { DatabaseConnection($0) }
    ) throws where Driver.OpenedConnection: CoreDriverConnection {
        self.path = path
        self.serverConnectionString = driver.serverConnectionString
        self.serverSettings = driver.serverSettings
        self.configuration = configuration
        let capabilities = driver.capabilities
        self.capabilities = capabilities
        self.writer = WriterAccess(
            connection: try wrap(driver.openConnection(for: .writer)),
            recordedChanges: capabilities.changeSource == .recordedWrites
                ? RecordedChanges(dialect: driver.dialect) : nil)
        self.readers =
            capabilities.concurrentReaders
            ? ReaderPool(
                maximum: configuration.maximumReaders,
                open: { try wrap(driver.openConnection(for: .reader)) },
                onPrimary: driver.readsOnStandby
                    ? ReaderPool(maximum: configuration.maximumReaders) {
                        try wrap(driver.openConnection(for: .primaryReader))
                    } : nil)
            : nil
        self.externalChanges = ExternalChangeMonitor(writer: writer.connection, capabilities: capabilities)
        self.trials =
            capabilities.trialConnection
            ? TrialConnection { busyTimeout in
                try wrap(driver.openConnection(for: .trial(busyTimeoutMilliseconds: busyTimeout)))
            }
            : nil
    }

    // MARK: - Access

    /// Runs `body` on the writer connection, holding the writer lock. When the outermost call
    /// returns, the lock is released, the actions scheduled to run after it run, and `committed` is
    /// handed what was committed (never while the lock is held; not called when nothing was).
    @inline(__always)
    func withWriter<T>(_ body: (DatabaseConnection) throws -> T, committed: (ChangeSet) -> Void) throws -> T {
        var changes = ChangeSet()
        var afterCommit: [@Sendable () -> Void] = []
        let result = try writer.lock.withLock { isOutermost -> T in
            defer {
                if isOutermost {
                    changes = writer.takeCommittedChanges()
                    afterCommit = writer.takeAfterCommitActions()
                    if let activity = writer.activity {
                        if !changes.isEmpty { externalChanges.noteOwnCommit(changes.tables) }
                        activity.useEnded()
                    }
                }
            }
            // A server's session lost since the last write is made again before the next one
            // (no transaction of ORMCore's is open between outermost writes).
            if isOutermost && writer.mayLoseSession { try writer.connection.reconnectIfLost() }
            return try Interruption.using(writer.connection, body)
        }
        for action in afterCommit { action() }
        if !changes.isEmpty { committed(changes) }
        return result
    }

    /// Runs `body` on a connection that sees committed data: a reader, or the writer when the
    /// current thread is writing (so it sees its own uncommitted changes), the database is in
    /// memory, or the writer's session holds a session table; `committed` as
    /// ``withWriter(_:committed:)`` has it then.
    @inline(__always)
    package func read<T>(_ body: (DatabaseConnection) throws -> T, committed: (ChangeSet) -> Void) throws -> T {
        if writer.lock.isHeldByCurrentThread || readers == nil || sessionTableCount.load(ordering: .relaxed) > 0 {
            return try withWriter(body, committed: committed)
        }
        return try readers.unsafelyUnwrapped.withConnection { try Interruption.using($0, body) }
    }

    /// ``read(_:committed:)`` for reads that commit nothing, so have nothing to deliver (the poll of
    /// other processes' commits).
    package func read<T>(_ body: (DatabaseConnection) throws -> T) throws -> T {
        try read(body) { _ in }
    }

    /// Interrupts whatever statement the writer is running (from any thread).
    package func interrupt() {
        writer.connection.interruptHandle.interrupt()
    }
}
