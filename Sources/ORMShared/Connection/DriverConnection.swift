/// One connection a ``DatabaseDriver`` opened: what the shared layers (the database core and its
/// facade, records, queries, result sets, events) ask of a database, whichever it is.
///
/// A connection is used by one thread at a time: the core serialises access to each (the writer
/// behind its lock, a reader checked out of the pool), which is why it may be handed between
/// threads. Only ``interruptHandle`` may be used from another thread.
///
/// SQLite's ``Connection`` and PostgreSQL's ``PostgresConnection`` conform. On PostgreSQL its
/// statements bind every parameter and then execute (``DriverStatement``), an insert's
/// key comes back from its `RETURNING` clause (``lastInsertedKey``), and a failed statement aborts
/// the transaction until ``rollback(toSavepoint:)``, which is why the shared layers try what may
/// fail inside a savepoint. What only one database has (SQLite's WAL readers, its tracking of other
/// processes' commits, the trial connection's file settings, rowid walks) stays with that driver,
/// and the shared layers reach it through ``DriverCapabilities``.
package protocol DriverConnection: AnyObject {
    /// The statements this connection prepares.
    associatedtype PreparedStatement: DriverStatement

    // MARK: - Statements

    /// Prepares one statement, not cached: it lives as long as the caller keeps it.
    ///
    /// - Throws: the driver's ``DatabaseError`` when the text does not prepare, or holds more than
    ///   one statement.
    func prepare(_ sql: String) throws -> PreparedStatement

    /// A statement from the connection's cache, prepared on first use and reset for this one. A
    /// statement still in use (a nested run of the same text) is not handed out twice: a fresh one
    /// is prepared instead.
    func cachedStatement(_ sql: String) throws -> PreparedStatement

    /// Drops every cached statement (after the schema changed).
    func clearStatementCache()

    /// Checks that the database reads `sql` (one statement) without running it or keeping a
    /// statement.
    ///
    /// - Throws: the driver's ``DatabaseError`` for SQL the database refuses.
    func check(_ sql: String) throws

    /// Runs one statement with its arguments, discarding any rows.
    func execute(_ sql: SQL) throws

    /// Runs a query and calls `body` with the statement on each row, from the connection's cache.
    /// SQLite's ``Connection`` has its own; other drivers take the one below.
    func forEachRow(_ sql: SQL, _ body: (PreparedStatement) throws -> Void) throws

    /// Runs `body` with a model's statement (insert, update, delete or select of one model, by
    /// `key`), prepared from `sql(schema)` on first use and kept for the connection, marked in use,
    /// and reset after. SQLite's ``Connection`` keeps these apart from its text cache, and borrows
    /// the last one without reference counting; other drivers take the one below, through the
    /// text cache.
    func withModelStatement<Schema, R>(
        _ key: ModelStatementKey, schema: Schema, sql: (Schema) -> String, _ body: (PreparedStatement) throws -> R
    ) throws -> R

    /// Runs several statements separated by semicolons, the arguments consumed in order. With
    /// `stoppingOutsideTransaction`, a statement that manages transactions itself or cannot run
    /// inside one stops the script before it runs.
    func executeScript(_ sql: SQL, stoppingOutsideTransaction: Bool) throws

    /// Runs a query and hands `body` each row's values, in column order (the rows are not
    /// collected). A requirement so that each driver's loop is specialised for its statement.
    func forEachValueRow(_ sql: SQL, _ body: ([SQLValue]) throws -> Void) throws

    /// Whether `sql`, one statement, leaves the database as it is (a query, or transaction
    /// control), judged from its prepared statement.
    ///
    /// - Throws: the driver's ``DatabaseError`` when the statement does not prepare.
    func statementIsReadOnly(_ sql: String) throws -> Bool

    // MARK: - Transactions

    /// Whether a transaction is open.
    var isInTransaction: Bool { get }

    /// Begins a transaction of the given kind.
    ///
    /// - Throws: the driver's ``DatabaseError`` (busy, for instance) when it cannot begin.
    func begin(_ kind: TransactionKind) throws

    /// Commits the open transaction.
    func commit() throws

    /// Rolls the open transaction back.
    func rollback() throws

    /// Opens a savepoint named `name` (quoted by the connection) inside the open transaction.
    func savepoint(_ name: String) throws

    /// Releases savepoint `name`: what was done since it stays, part of the enclosing transaction.
    func releaseSavepoint(_ name: String) throws

    /// Undoes what was done since savepoint `name`, which stays open (release it after). This also
    /// ends the aborted state a failed statement leaves on a database whose transactions abort on
    /// error (PostgreSQL).
    func rollback(toSavepoint name: String) throws

    // MARK: - What the last statement did

    /// The key of the row the last successful `INSERT` made: SQLite's rowid, as `.integer`; on a
    /// database whose inserts hand their key back with `RETURNING`, what that clause returned
    /// (`.null` when the last insert returned none).
    var lastInsertedKey: SQLValue { get }

    /// The number of rows the last `INSERT`, `UPDATE` or `DELETE` changed.
    var changedRowCount: Int { get }

    // MARK: - Beside the statements

    /// Stops the statement this connection runs, from any thread.
    var interruptHandle: any InterruptHandle { get }

    /// The connection's view of the schema: tables, views, columns, keys, indexes, foreign keys,
    /// triggers and how text is stored.
    var introspector: any SchemaIntrospector { get }

    // MARK: - What each database does its own way

    /// Checks foreign keys when the open transaction commits rather than after each statement
    /// (SQLite: `PRAGMA defer_foreign_keys`; PostgreSQL: `SET CONSTRAINTS ALL DEFERRED`, which
    /// defers only constraints declared `DEFERRABLE`). The transaction's end turns it off.
    func deferForeignKeyChecks() throws

    /// ``deferForeignKeyChecks()`` inside a savepoint that will be rolled back, returning what to
    /// do after that rollback to leave the checks as they were (nil when the rollback does it, as
    /// PostgreSQL's undoes `SET CONSTRAINTS`).
    func deferForeignKeyChecksUntilRollback() throws -> (() -> Void)?

    /// The changes the connection's own hooks recorded, committed since the last call (a driver
    /// whose ``DriverCapabilities/changeSource`` is ``ChangeSource/connectionHooks``); none
    /// elsewhere, where ORMCore records the writes itself.
    func takeCommittedChanges() -> ChangeSet

    /// Where the hooks' pending changes stand, to return to after rolling back to a savepoint.
    var pendingMark: ChangeSet.Mark { get }

    /// Forgets the hooks' changes recorded since `mark` (a savepoint was rolled back).
    func discardPendingChanges(after mark: ChangeSet.Mark)

    /// Counts the statements this connection runs that may commit, as the writer, for a database
    /// whose watch of other sessions' commits must tell its own apart (PostgreSQL); nil where no
    /// count is needed (SQLite's watch reads the file).
    func countWriterActivity() -> WriterActivity?

    /// Sets a freshly opened connection up as the trial connection, where staged changes are
    /// tried and never kept (SQLite: commits refused by a hook, temporary data in memory; a
    /// PostgreSQL trial session was opened refusing commits already).
    func becomeTrialConnection() throws

    /// Waits no longer than `milliseconds` for another connection's lock (SQLite's busy timeout;
    /// PostgreSQL's `lock_timeout`, at least 1 ms, as 0 there waits forever).
    func setLockWait(milliseconds: Int32) throws

    /// Sets the trial connection's open transaction up for a trial: foreign keys checked at the
    /// end, and on SQLite a rollback journal kept in memory (a WAL file is left as it is).
    func prepareTrialTransaction() throws

    // MARK: - Statements sent without waiting

    /// Whether the connection takes statements without waiting for each answer
    /// (``DriverStatement/send(answered:)``): a server's pipeline, where a run of writes costs one
    /// round trip. False for SQLite, which has no round trip to save.
    var sendsWithoutWaiting: Bool { get }

    /// Reads the answers of the statements sent and not yet answered, in order, handing each to
    /// its closure; nothing where none was sent.
    ///
    /// - Throws: the driver's ``DatabaseError`` for the first statement that failed (those after it
    ///   were not run), or what a closure threw.
    func readSentAnswers() throws
}

extension DriverConnection {
    package func check(_ sql: String) throws {
        _ = try prepare(sql)
    }

    package var sendsWithoutWaiting: Bool { false }

    package func readSentAnswers() throws {}

    package func takeCommittedChanges() -> ChangeSet { ChangeSet() }

    package var pendingMark: ChangeSet.Mark { ChangeSet().mark }

    package func discardPendingChanges(after mark: ChangeSet.Mark) {}

    package func countWriterActivity() -> WriterActivity? { nil }

    package func deferForeignKeyChecksUntilRollback() throws -> (() -> Void)? {
        try deferForeignKeyChecks()
        return nil
    }

    package func becomeTrialConnection() throws {}

    package func forEachRow(_ sql: SQL, _ body: (PreparedStatement) throws -> Void) throws {
        try cachedStatement(sql.text).use { statement in
            try statement.bind(sql.arguments)
            while try statement.step() { try body(statement) }
        }
    }

    package func withModelStatement<Schema, R>(
        _ key: ModelStatementKey, schema: Schema, sql: (Schema) -> String, _ body: (PreparedStatement) throws -> R
    ) throws -> R {
        try cachedStatement(sql(schema)).use(body)
    }

    package func forEachValueRow(_ sql: SQL, _ body: ([SQLValue]) throws -> Void) throws {
        try forEachRow(sql) { try body($0.row()) }
    }

    package func statementIsReadOnly(_ sql: String) throws -> Bool {
        try prepare(sql).isReadOnly
    }
}
