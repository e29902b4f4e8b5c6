import CSQLite
import FoundationEssentials
import ORMShared

#if canImport(Glibc)
    import Glibc
#endif

/// One SQLite connection: opening, statements, the statement cache, and the hooks that record changes.
///
/// A connection is not thread-safe; a database's core (`DatabaseCore`) owns its connections and
/// serialises access to each (the writer behind its lock, each reader checked out of the pool by one
/// thread at a time), which is why it may be handed between threads.
package final class Connection: @unchecked Sendable, InterruptHandle {
    package let handle: OpaquePointer
    package let path: String
    package let isReadOnly: Bool
    private var statementCache: [String: Statement] = [:]
    /// Set by ``interrupt()``; read by the progress handler while interruption is armed.
    private let interruptRequest = InterruptRequest()

    /// Observes every statement as it starts running (tests assert SQL with it).
    var tracer: (@Sendable (String) -> Void)?
    /// The object write under way: the hook tags its table's rows `.object` (the rest `.sql`) and
    /// records the object's key and the columns it wrote.
    @exclusivity(unchecked) var objectWrite: (table: String, key: SQLValue, columns: [String]?)?

    // Change recording: filled by the update hook while statements run, moved to `committed`
    // once SQLite is back in autocommit mode (the transaction committed). Touched for every row
    // written, only by the thread that holds the connection: no run-time exclusivity checks (each
    // cost more than the append it guards).
    @exclusivity(unchecked) var pending = ChangeSet()
    @exclusivity(unchecked) var committed = ChangeSet()
    @exclusivity(unchecked) var statementMark = 0
    @exclusivity(unchecked) var totalChangesMark: Int64 = 0
    var authorizerWrites: Set<String> = []
    var authorizerSawDrop = false
    // The hook is called with the same table name pointer row after row: keep its String.
    var hookTableBytes: ContiguousArray<CChar> = []
    var hookTableName = ""
    /// Whether the update and rollback hooks record what statements write (false only where a
    /// driver stands in a database without hooks: then nothing is recorded here, and ORMCore
    /// records its own writes, ``ChangeSource/recordedWrites``).
    let recordsChanges: Bool

    /// Opens (or creates) a database file, or `":memory:"`; a read-only file as `access` says.
    /// With `recordsChanges` false the update and rollback hooks are not installed.
    package init(
        path: String, readOnly: Bool, create: Bool = true, access: Configuration.ReadOnlyAccess = .shared,
        recordsChanges: Bool = true
    ) throws {
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI
        var name = path
        if readOnly {
            flags |= SQLITE_OPEN_READONLY
            switch access {
            case .shared: break
            case .immutable: name = Self.uri(path, "mode=ro&immutable=1")
            case .privateWALIndex: name = Self.uri(path, "mode=ro&vfs=unix-none")
            }
        } else {
            flags |= SQLITE_OPEN_READWRITE
            if create { flags |= SQLITE_OPEN_CREATE }
        }
        var db: OpaquePointer?
        let code = sqlite3_open_v2(name, &db, flags, nil)
        guard let db, code == SQLITE_OK else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            if let db { sqlite3_close_v2(db) }
            throw SQLiteError(code: ResultCode(rawValue: code), message: message)
        }
        self.handle = db
        self.path = path
        self.isReadOnly = readOnly
        self.recordsChanges = recordsChanges
        sqlite3_extended_result_codes(db, 1)
        // "name" must mean a column, never silently become the string 'name' (SQLite's
        // double-quoted string misfeature), in the statements we and our users run.
        var ignored: Int32 = 0
        _ = csqlite_db_config_int(db, SQLITE_DBCONFIG_DQS_DML, 0, &ignored)
        installHooks()
        if readOnly && access == .privateWALIndex {
            // Without shared memory SQLite reads a WAL only in exclusive locking mode, with the
            // index in heap memory (the unix-none VFS takes no lock, so nothing is excluded).
            // It must never checkpoint, nor remove or truncate a WAL another process may start
            // using meanwhile.
            _ = csqlite_db_config_int(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, &ignored)
            var persist: Int32 = 1
            _ = sqlite3_file_control(db, "main", SQLITE_FCNTL_PERSIST_WAL, &persist)
            try execute("PRAGMA locking_mode = EXCLUSIVE")
        }
    }

    /// The URI naming the file at `path` with `parameters` (`?`, `#` and `%` escaped in the path).
    private static func uri(_ path: String, _ parameters: String) -> String {
        var escaped = ""
        for character in path.unicodeScalars {
            switch character {
            case "%": escaped += "%25"
            case "?": escaped += "%3F"
            case "#": escaped += "%23"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return "file:" + escaped + "?" + parameters
    }

    deinit {
        sqlite3_update_hook(handle, nil, nil)
        sqlite3_rollback_hook(handle, nil, nil)
        sqlite3_set_authorizer(handle, nil, nil)
        statementCache.removeAll()
        sqlite3_close_v2(handle)
    }

    // MARK: - Errors

    package func error(code: Int32, sql: String?) -> SQLiteError {
        let extended = sqlite3_extended_errcode(handle)
        let message = String(cString: sqlite3_errmsg(handle))
        // A byte offset into the UTF-8 text; -1 when SQLite did not say.
        let byteOffset = Int(sqlite3_error_offset(handle))
        let offset = sql.flatMap { sql -> Int? in
            guard byteOffset >= 0, byteOffset <= sql.utf8.count else { return nil }
            let index = sql.utf8.index(sql.utf8.startIndex, offsetBy: byteOffset)
            return sql[..<index].count
        }
        return SQLiteError(
            code: ResultCode(rawValue: extended != 0 ? extended : code), message: message, sql: sql, sqlOffset: offset)
    }

    // MARK: - Preparing

    /// Prepares one statement. Throws if the text holds more than one.
    package func prepare(_ sql: String) throws -> Statement {
        var statement: Statement?
        var rest = ""
        try sql.withCString { start in
            var tail: UnsafePointer<CChar>?
            statement = try prepareOne(start: start, tail: &tail, sql: sql)
            if let tail { rest = String(cString: tail) }
        }
        guard let statement else {
            throw SQLiteError(code: .misuse, message: "no statement in SQL text", sql: sql)
        }
        if SQLScript.hasTokens(rest) {
            throw SQLiteError(code: .misuse, message: "more than one statement; use executeScript", sql: sql)
        }
        return statement
    }

    private func prepareOne(
        start: UnsafePointer<CChar>, tail: inout UnsafePointer<CChar>?, sql: String
    ) throws -> Statement? {
        var raw: OpaquePointer?
        authorizerWrites.removeAll()
        authorizerSawDrop = false
        let code = sqlite3_prepare_v3(handle, start, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &raw, &tail)
        guard code == SQLITE_OK else { throw error(code: code, sql: sql) }
        guard let raw else { return nil }
        let text = String(cString: sqlite3_sql(raw))
        return Statement(handle: raw, sql: text, connection: self, writtenTables: authorizerWrites)
    }

    /// A statement from the cache (prepared on first use). A statement already in use (a nested
    /// iteration of the same SQL) is not shared: a fresh one is prepared instead.
    package func cachedStatement(_ sql: String) throws -> Statement {
        if let statement = statementCache[sql], !statement.inUse {
            statement.reset()
            return statement
        }
        let statement = try prepare(sql)
        if statementCache[sql] == nil {
            statement.isCached = true
            statementCache[sql] = statement
        }
        return statement
    }

    /// Drops every cached statement (after a schema change, for instance).
    package func clearStatementCache() {
        statementCache.removeAll()
        // A model statement in use is borrowed by the write running it (`withModelStatement`): it
        // stays alive until a clear finds it no longer in use.
        retiredModelStatements = retiredModelStatements.filter(\.inUse) + modelStatements.values.filter(\.inUse)
        modelStatements.removeAll()
        lastModelStatement = nil
    }

    /// The ``_SQLiteRowModel`` conformances of the models prepared on this connection, by model.
    var rowModels: [ObjectIdentifier: any _SQLiteRowModel.Type] = [:]
    private var modelStatements: [ModelStatementKey: Statement] = [:]
    /// The statement used last, unretained (`modelStatements` holds it): a run of writes of one model
    /// finds it without hashing, and borrows it without reference counting.
    private var lastModelStatement: (key: ModelStatementKey, statement: Unmanaged<Statement>)?
    /// Model statements dropped from the cache while in use; see ``clearStatementCache()``.
    private var retiredModelStatements: [Statement] = []

    /// A model's statement, prepared once per connection and bound by index on every use.
    package func modelStatement(_ key: ModelStatementKey, sql: () -> String) throws -> Statement {
        if let last = lastModelStatement, last.key == key, !last.statement._withUnsafeGuaranteedRef(\.inUse) {
            return last.statement.takeUnretainedValue()
        }
        if let statement = modelStatements[key], !statement.inUse {
            lastModelStatement = (key, Unmanaged.passUnretained(statement))
            return statement
        }
        let statement = try prepare(sql())
        if modelStatements[key] == nil {
            statement.isCached = true
            modelStatements[key] = statement
            lastModelStatement = (key, Unmanaged.passUnretained(statement))
        }
        return statement
    }

    /// Runs `body` with a model's statement (see ``modelStatement(_:sql:)``) marked in use, and resets
    /// it after. The statement of the last such call is borrowed from the cache, so a run of writes
    /// of one model costs no reference counting here; `sql` gets `schema` (a closure that captured it
    /// would retain it on every call). Generic over the schema, which is declared in a layer above.
    @inline(__always)
    package func withModelStatement<Schema, R>(
        _ key: ModelStatementKey, schema: Schema, sql: (Schema) -> String, _ body: (Statement) throws -> R
    ) throws -> R {
        if let last = lastModelStatement, last.key == key, !last.statement._withUnsafeGuaranteedRef(\.inUse) {
            return try last.statement._withUnsafeGuaranteedRef { try $0.use(body) }
        }
        return try modelStatement(key) { sql(schema) }.use(body)
    }

    // MARK: - Executing

    /// Runs one statement with its arguments, discarding any rows.
    package func execute(_ sql: SQL) throws {
        try cachedStatement(sql.text).use { statement in
            try statement.bind(sql.arguments)
            try statement.run()
        }
    }

    /// The driver-neutral error, under the name it had here (see ``SQLScript/runsOutsideTransaction(_:)``).
    package typealias StatementRunsOutsideTransaction = ORMShared.StatementRunsOutsideTransaction

    /// Runs several statements separated by semicolons; arguments are consumed in order. With
    /// `stoppingOutsideTransaction`, a statement that manages transactions itself or cannot run
    /// inside one stops the script before it runs.
    ///
    /// - Throws: ``ORMError/argumentCountMismatch(sql:placeholders:arguments:)`` before a statement
    ///   runs when it needs more values than are left, or before the last one runs when values would
    ///   be left over; ``StatementRunsOutsideTransaction``.
    package func executeScript(_ sql: SQL, stoppingOutsideTransaction: Bool = false) throws {
        var remaining = sql.arguments[...]
        var placeholders = 0
        try sql.text.withCString { start in
            var cursor: UnsafePointer<CChar>? = start
            while let current = cursor, current.pointee != 0 {
                if stoppingOutsideTransaction && SQLScript.runsOutsideTransaction(startingAt: current) {
                    throw StatementRunsOutsideTransaction()
                }
                var tail: UnsafePointer<CChar>?
                guard let statement = try prepareOne(start: current, tail: &tail, sql: sql.text) else {
                    cursor = tail
                    continue
                }
                let count = Int(statement.parameterCount)
                placeholders += count
                if remaining.count < count {
                    throw ORMError.argumentCountMismatch(
                        sql: statement.sql, placeholders: count, arguments: remaining.count)
                }
                if remaining.count > count, !(tail.map { SQLScript.hasTokens(String(cString: $0)) } ?? false) {
                    // The last statement: the values left after it would never be bound.
                    throw ORMError.argumentCountMismatch(
                        sql: sql.text, placeholders: placeholders, arguments: sql.arguments.count)
                }
                try statement.bind(Array(remaining.prefix(count)))
                remaining = remaining.dropFirst(count)
                try statement.run()
                cursor = tail
            }
        }
        if !remaining.isEmpty {
            // A script of blanks and comments only, given values.
            throw ORMError.argumentCountMismatch(sql: sql.text, placeholders: placeholders, arguments: sql.arguments.count)
        }
    }

    /// Runs a query and calls `body` for each row.
    package func forEachRow(_ sql: SQL, _ body: (Statement) throws -> Void) throws {
        try cachedStatement(sql.text).use { statement in
            try statement.bind(sql.arguments)
            while try statement.step() { try body(statement) }
        }
    }

    /// The rowid of the last inserted row.
    package var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }
    /// Rows changed by the last statement.
    package var changes: Int { Int(sqlite3_changes(handle)) }
    /// Whether no transaction is open.
    var isAutocommit: Bool { sqlite3_get_autocommit(handle) != 0 }

    /// Sets how long a statement waits for another connection's lock before failing with SQLITE_BUSY.
    func setBusyTimeout(milliseconds: Int32) {
        sqlite3_busy_timeout(handle, milliseconds)
    }

    /// Interrupts the statement running on this connection (safe from any thread); while armed
    /// (``armInterruption()``), the statements started after it are stopped too.
    package func interrupt() {
        interruptRequest.set()
        sqlite3_interrupt(handle)
    }

    /// Makes an ``interrupt()`` stop statements that start after it, until disarmed.
    ///
    /// `sqlite3_interrupt` alone is lost when it comes before a statement's first step (SQLite
    /// clears it as a statement starts on an idle connection): an `Esc` pressed while a count was
    /// still preparing let it run on. A progress handler reads the request every 256 instructions
    /// of SQLite's machine, only while interruptible work holds the connection.
    package func armInterruption() {
        interruptRequest.clear()
        sqlite3_progress_handler(handle, 256, { context in
            guard let context else { return 0 }
            return Unmanaged<InterruptRequest>.fromOpaque(context).takeUnretainedValue().isSet ? 1 : 0
        }, Unmanaged.passUnretained(interruptRequest).toOpaque())
    }

    /// Removes the progress handler ``armInterruption()`` set, and forgets any request.
    package func disarmInterruption() {
        sqlite3_progress_handler(handle, 0, nil, nil)
        interruptRequest.clear()
    }
}
