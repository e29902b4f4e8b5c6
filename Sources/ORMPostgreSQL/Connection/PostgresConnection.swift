import PostgresClient
import Synchronization
import ORMShared

/// A connection to a PostgreSQL server as ORMCore's shared layers use any database's
/// (``DriverConnection``), over `PostgresClient`'s `PGConnection` (libpq).
///
/// ```swift
/// let connection = try PostgresConnection(PGConnection("postgres://ann@db.example.com/sales"))
/// try connection.execute("UPDATE \"orders\" SET \"total\" = \(total) WHERE \"id\" = \(id)")
/// try connection.forEachRow("SELECT \"name\" FROM \"orders\"") { print($0.value(at: 0)) }
/// ```
///
/// Statements are written with ORMCore's `?` placeholders, numbered `$1`, `$2`… when prepared
/// (``SQLDialect/preparedText(_:)``), and kept prepared on the server in a cache keyed by the `?`
/// text. A statement that fails aborts the open transaction until it rolls back, or back to a
/// savepoint: the shared layers try what may fail (a unique violation they catch) inside one.
/// Every error from the server or libpq is thrown as ``PostgresDatabaseError``.
///
/// Used by one thread at a time, as every ``DriverConnection``; only ``interruptHandle`` may be
/// used from another.
package final class PostgresConnection: DriverConnection, @unchecked Sendable {
    // Sendable as SQLite's `Connection` is: the core hands it between threads but serialises its
    // use (the writer behind its lock, a reader checked out of the pool).

    /// The libpq connection.
    let client: PGConnection
    /// How its SQL is written.
    package let dialect = SQLDialect.postgres
    /// Called with each statement's text (ORMCore's, with `?`) as it starts running.
    package let tracer: (@Sendable (String) -> Void)?
    /// Whether commits are refused (the trial connection: every transaction rolls back).
    package let refusesCommits: Bool
    /// Whether the session is read-only (a reader, or any session of a read-only database): the
    /// writes a read-only transaction lets through are refused before they are sent
    /// (``PostgresReadOnlyGuard``).
    package let refusesWrites: Bool
    /// On the writer, where this process's commits end in the log, moved forward after each; on
    /// a reader placed on a standby, what it waits to have replayed before a read
    /// (``ReadPlacement/preferStandby(maximumWait:)``). Nil otherwise.
    let fence: ReplayFence?
    /// How many servers the connection string lists, for ``node``.
    package let listedServers: Int
    /// The server reached and its role, as of the last (re)connection: read without waiting for a
    /// running statement.
    private let reachedNode: Lock<ServerNode>
    /// The server reached and its role, as of the last (re)connection.
    package var node: ServerNode { reachedNode.withLock { $0 } }

    /// Whether a `COMMIT` whose answer was lost with the connection is decided by asking the
    /// server afterwards (the writer of a writable database): each transaction notes its id.
    let decidesLostCommits: Bool
    /// The id of the open transaction (`txid_current()` at `BEGIN`), when ``decidesLostCommits``.
    @exclusivity(unchecked) var transactionID: Int64?
    /// Whether the last `COMMIT` lost its answer with the connection and the server asked
    /// afterwards said it committed (``Database/lastCommitWasConfirmedAfterLoss``).
    let lastCommitConfirmedAfterLoss = Atomic<Bool>(false)
    /// Whether the statement running may commit and the fence is to be moved when it ends.
    @exclusivity(unchecked) private var commitPending = false
    /// The standby's replay position last read by ``waitForReplay()``.
    @exclusivity(unchecked) var replayed: UInt64 = 0
    /// Where a session that never commits enters its server process (``PostgresSessions``); nil
    /// for the writer and a connection made alone.
    private let sessions: PostgresSessions?
    /// The session's settings (read-only, `lock_timeout`, `search_path`), made again after a
    /// reconnect.
    private let sessionSetup: @Sendable (PGConnection) throws -> Void

    /// Prepared statements by their `?` text.
    @exclusivity(unchecked) private var cache: [String: PostgresStatement] = [:]
    /// The cached statements of models' writes by what they do (``withModelStatement(_:schema:sql:_:)``):
    /// a run of inserts finds its statement without making its text and hashing it. Emptied
    /// with ``cache``.
    @exclusivity(unchecked) private var modelStatements: [ModelStatementKey: PostgresStatement] = [:]
    /// Prepared statements dropped by their owners, deallocated on the server before the next
    /// statement runs.
    @exclusivity(unchecked) private var retired: [PGPreparedStatement] = []

    /// The statements sent without waiting for their answers, read before anything else runs.
    @exclusivity(unchecked) var awaitedAnswers: [AwaitedAnswer] = []
    /// Set on the writer's connection only: counts its statements that may commit, for the watch
    /// of other sessions' commits (``WriterActivity``). Set once, before the connection is used.
    @exclusivity(unchecked) var activity: WriterActivity?

    /// Whether a transaction was open when the last statement started: what
    /// ``isInTransaction`` answers while that statement's rows are still coming (libpq then
    /// says only that a command is active).
    @exclusivity(unchecked) package private(set) var wasInTransactionAtLastRun = false

    /// Whether the server sends timestamps as microseconds in 64-bit integers (`integer_datetimes`,
    /// always on since PostgreSQL 10): statements then read a model's `timestamptz` in binary form.
    let integerTimestamps: Bool

    // The connection is used by one thread at a time (see above): its statements' bookkeeping
    // is read and written without exclusivity checks, which a run of inserts paid on every row.
    @exclusivity(unchecked) package private(set) var lastInsertedKey: SQLValue = .null
    @exclusivity(unchecked) package private(set) var changedRowCount = 0
    package let interruptHandle: any InterruptHandle
    package let introspector: any SchemaIntrospector

    /// Wraps an open connection.
    ///
    /// - Parameters:
    ///   - schema: the schema the introspector describes; nil for the first schema of the
    ///     `search_path` that exists (`public` by default).
    ///   - refusesCommits: whether ``commit()`` refuses (a trial connection).
    ///   - refusesWrites: whether the session is read-only (``PostgresReadOnlyGuard``).
    ///   - fence: the writer's or a standby reader's ``ReplayFence``, for reads on a standby.
    ///   - decidesLostCommits: whether a `COMMIT` lost with the connection is decided by asking the
    ///     server (``commit()``).
    ///   - sessionSetup: makes the session's settings; already made on `client`, made again by
    ///     ``reconnectIfLost()``.
    /// - Throws: ``PostgresDatabaseError`` when the schema cannot be asked for.
    package init(
        _ client: PGConnection, schema: String? = nil, refusesCommits: Bool = false, refusesWrites: Bool = false,
        tracer: (@Sendable (String) -> Void)? = nil,
        sessionSetup: @escaping @Sendable (PGConnection) throws -> Void = { _ in },
        sessions: PostgresSessions? = nil, fence: ReplayFence? = nil, decidesLostCommits: Bool = false,
        listedServers: Int = 1
    ) throws {
        self.fence = fence
        self.listedServers = listedServers
        reachedNode = Lock(Self.node(of: client, listedServers: listedServers))
        self.decidesLostCommits = decidesLostCommits
        self.client = client
        self.sessions = sessions
        self.refusesCommits = refusesCommits
        self.refusesWrites = refusesWrites
        self.tracer = tracer
        self.sessionSetup = sessionSetup
        interruptHandle = PostgresInterruptHandle(client.cancelHandle)
        integerTimestamps = client.parameterStatus("integer_datetimes") == "on"
        introspector = try Self.wrapping { try PostgresIntrospector(client, schema: schema) }
        sessions?.enter(ObjectIdentifier(self), processID: client.backendProcessID)
    }

    deinit {
        sessions?.leave(ObjectIdentifier(self))
    }

    // MARK: - Statements

    package func prepare(_ sql: String) throws -> PostgresStatement {
        try readSentAnswers()
        try checkText(sql)
        deallocateRetired()
        let prepared = try preparedOnServer(dialect.preparedText(sql).text, readsOnly: PostgresStatement.readsOnly(sql))
        return PostgresStatement(sql: sql, prepared: prepared, connection: self)
    }

    /// Checks that the server reads `sql` without running it or keeping a statement (one round
    /// trip: ``PGConnection/check(_:)``).
    package func check(_ sql: String) throws {
        try checkText(sql)
        let text = dialect.preparedText(sql).text
        try Self.wrapping { try client.check(text) }
    }

    package func cachedStatement(_ sql: String) throws -> PostgresStatement {
        if let statement = cache[sql] {
            if statement.isInUse {
                return try prepare(sql)
            }
            statement.reset()
            return statement
        }
        let statement = try prepare(sql)
        statement.isCached = true
        cache[sql] = statement
        return statement
    }

    package func clearStatementCache() {
        modelStatements.removeAll()
        for statement in cache.values {
            // Retired by its `deinit` once its last user drops it (the cache, now, for one not in
            // use). Retiring it here as well named it twice: the second `DEALLOCATE` failed, and
            // inside a transaction that failure aborted the caller's transaction.
            statement.isCached = false
        }
        cache.removeAll()
    }

    package func execute(_ sql: SQL) throws {
        let sql = sql.rendered(in: dialect)
        try run(sql.text, sql.arguments)
    }

    /// Runs one statement, `?` text with its values: without values, in one round trip and kept
    /// nowhere (`BEGIN`, `SAVEPOINT`, DDL); with values, through the statement cache.
    package func run(_ text: String, _ arguments: [SQLValue] = []) throws {
        if arguments.isEmpty, dialect.preparedText(text).parameterCount == 0 {
            try checkText(text)
            try willRun(text)
            let result = try Self.wrapping { try client.execute(text) }
            record(commandTag: result.commandTag, affectedRows: result.affectedRows, insertedKey: nil)
            return
        }
        try cachedStatement(text).use { statement in
            try statement.bind(arguments)
            try statement.run()
        }
    }

    package func withModelStatement<Schema, R>(
        _ key: ModelStatementKey, schema: Schema, sql: (Schema) -> String, _ body: (PostgresStatement) throws -> R
    ) throws -> R {
        try modelStatement(key, schema: schema, sql: sql).use { statement in
            // Once per statement: the cache keeps it for the model.
            if !statement.readsStoredTypes, let columns = schema as? any StoredColumnTypes {
                statement.readColumns(as: columns)
            }
            return try body(statement)
        }
    }

    /// The cached statement of a model's write `key` (``modelStatements``), or the one
    /// ``cachedStatement(_:)`` gives for its text, remembered under `key`. Kept out of line: inlined
    /// into the write code that SQLite shares, it cost SQLite's insert 8 instructions a row.
    @inline(never)
    private func modelStatement<Schema>(
        _ key: ModelStatementKey, schema: Schema, sql: (Schema) -> String
    ) throws -> PostgresStatement {
        if let known = modelStatements[key], known.isCached, !known.isInUse {
            known.reset()
            return known
        }
        let statement = try cachedStatement(sql(schema))
        if statement.isCached {
            modelStatements[key] = statement
        }
        return statement
    }

    /// Checks `sql` before the server sees it: names longer than the server keeps, and on a
    /// read-only session the writes a read-only transaction lets through.
    private func checkText(_ sql: String) throws {
        try PostgresIdentifierLength.check(sql)
        if refusesWrites {
            try PostgresReadOnlyGuard.check(sql)
        }
    }

    // MARK: - What statements tell it

    /// Before statement `sql` runs: traced, and the statements dropped since the last run
    /// deallocated. On a connection that refuses commits, a statement that would commit is refused
    /// and one outside a transaction opens one first, so that nothing it does can last.
    package func willRun(_ sql: String) throws {
        try readSentAnswers()
        deallocateRetired()
        if refusesCommits {
            try keepInTransaction(sql)
        }
        let status = client.transactionStatus
        wasInTransactionAtLastRun = status == .inTransaction || status == .inFailedTransaction
        if activity != nil || fence != nil {
            let mayCommit = WriterActivity.mayCommit(sql, insideTransaction: wasInTransactionAtLastRun)
            activity?.statementWillRun(mayCommit: mayCommit)
            if mayCommit {
                lastCommitConfirmedAfterLoss.store(false, ordering: .relaxed)
            }
            commitPending = mayCommit && fence != nil && !refusesWrites
        }
        tracer?(sql)
    }

    /// What the trial connection does before `sql`: refuses a commit, begins a transaction when
    /// none is open.
    private func keepInTransaction(_ sql: String) throws {
        let words = SQLToken.tokens(in: sql, dialect: .postgres).lazy.filter { $0.kind == .word }
            .prefix(2).map { sql[$0.range].uppercased() }
        let leading = Array(words)
        if leading.first == "COMMIT" || leading.first == "END" || leading == ["PREPARE", "TRANSACTION"] {
            throw PostgresDatabaseError(PGError(
                kind: .misuse, message: "the trial connection never commits", sql: sql))
        }
        if client.transactionStatus == .idle, leading.first != "BEGIN", leading.first != "START" {
            _ = try Self.wrapping { try client.execute("BEGIN") }
        }
    }

    /// After `statement` ran to its end.
    package func didRun(_ statement: PostgresStatement, commandTag: String?, affectedRows: Int?, insertedKey: SQLValue?) {
        record(commandTag: commandTag, affectedRows: affectedRows, insertedKey: insertedKey)
    }

    /// A statement no longer cached or held: deallocated on the server before the next one runs.
    func retire(_ statement: PGPreparedStatement) {
        retired.append(statement)
    }

    private func record(commandTag: String?, affectedRows: Int?, insertedKey: SQLValue?) {
        if commitPending {
            commitPending = false
            moveFence()
        }
        guard let tag = commandTag else {
            return
        }
        // The tag's first word, by prefix (taken a character at a time it cost a run of inserts
        // 3,000 instructions a row).
        let isInsert = tag.hasPrefix("INSERT ")
        if isInsert || tag.hasPrefix("UPDATE ") || tag.hasPrefix("DELETE ") || tag.hasPrefix("MERGE ") {
            changedRowCount = affectedRows ?? 0
        }
        if isInsert {
            lastInsertedKey = insertedKey ?? .null
        }
    }

    /// Drops the retired statements on the server (`DEALLOCATE`, one round trip for all), unless
    /// the transaction is aborted (then they wait for the next statement after it).
    private func deallocateRetired() {
        guard !retired.isEmpty, client.transactionStatus != .inFailedTransaction else {
            return
        }
        let script = retired.map { "DEALLOCATE " + PGConnection.quoteIdentifier($0.name) }.joined(separator: "; ")
        retired.removeAll()
        _ = try? client.executeScript(script)
    }

    // MARK: - Reconnecting

    /// Connects again when the session with the server was lost (the server restarted, an
    /// administrator ended it, the network failed), making its settings again; the statements it
    /// had prepared are forgotten (they went with the session) and prepared again on their next
    /// use. Returns whether it reconnected. Call it only where no transaction of ORMCore's is open
    /// on this connection: a lost session's transaction is gone, and the caller must know it.
    ///
    /// - Throws: ``PostgresDatabaseError`` when the server still cannot be reached.
    @discardableResult
    package func reconnectIfLost() throws -> Bool {
        guard !client.isStillConnected() else {
            return false
        }
        try reconnect()
        return true
    }

    /// Connects again through the same connection string, to whichever server its role takes
    /// now, as ``reconnectIfLost()`` does once it found the session lost.
    ///
    /// - Throws: ``PostgresDatabaseError`` when no server can be reached.
    func reconnect() throws {
        try Self.wrapping {
            try client.reconnect()
            try sessionSetup(client)
        }
        sessions?.enter(ObjectIdentifier(self), processID: client.backendProcessID)
        let reached = Self.node(of: client, listedServers: listedServers)
        reachedNode.withLock { $0 = reached }
        for statement in cache.values {
            statement.isCached = false
        }
        cache.removeAll()
        modelStatements.removeAll()
        retired.removeAll()
        wasInTransactionAtLastRun = false
    }

    /// The server `client` reached and its role (`in_hot_standby`, which servers report since
    /// PostgreSQL 14; an older standby reads as a primary here and refuses writes itself).
    private static func node(of client: PGConnection, listedServers: Int) -> ServerNode {
        let target = client.target
        return ServerNode(host: target.host, port: target.port, isStandby: client.parameterStatus("in_hot_standby") == "on",
                          listedServers: listedServers)
    }
}
