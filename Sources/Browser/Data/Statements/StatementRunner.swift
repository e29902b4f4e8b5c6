import FoundationEssentials
import ORMCore

/// Runs what is typed at the SQL prompt: one statement, or several separated by `;` (split by the
/// database's own rules: SQLite's trigger bodies, PostgreSQL's dollar quotes and `BEGIN ATOMIC`
/// bodies, see ``SQLScript``).
///
/// Each statement runs exactly once, as written, in the session's own transaction state
/// (``ORMCore/Database/runStatement(_:columns:row:)``: autocommit, or inside the transaction a
/// `BEGIN` typed here opened). The rows it returns (a query's, `RETURNING`'s, a `PRAGMA`'s) stream
/// into a ``ResultStore`` as they arrive, counted on ``progress``; the grid then reads that copy,
/// never the statement again. `Esc` (``interruption``) stops the statement on the server and
/// keeps the rows that arrived.
///
/// Several statements run in order, as the `sqlite3` shell runs them; only the last may be a
/// query, whose rows are shown. The statements before it run in one transaction (all or nothing)
/// unless one of them controls transactions itself or cannot run inside one (`BEGIN`, `VACUUM`,
/// `ATTACH`, a `PRAGMA`...): then each applies as it runs, and a failure says how many did.
struct StatementRunner: Sendable {
    /// The database statements run on.
    let database: Database
    /// Counts the rows of the statement returning rows as they arrive.
    var progress = ProgressCounter()
    /// Stops the statement running (`Esc`).
    var interruption = Interruption()
    /// How far the rows of the statement returning rows have come into reef's copy, for a grid
    /// that shows them while more arrive.
    var fill = ResultFill()
    /// The database's text collation, asked of the server once for every runner that shares it.
    let collations: ServerTextCollation.Known

    /// A runner of statements on `database`, asking its text collation through `collations`
    /// (shared by a session's runners; by default this runner's own).
    init(database: Database, collations: ServerTextCollation.Known = ServerTextCollation.Known()) {
        self.database = database
        self.collations = collations
    }

    /// Keywords of statements that return rows, run apart after a script's others.
    private static let queryKeywords: Set = ["SELECT", "VALUES", "WITH", "PRAGMA", "EXPLAIN", "TABLE", "SHOW"]
    /// Keywords of queries whose rows a script could not show before its last statement.
    private static let pureQueryKeywords: Set = ["SELECT", "VALUES", "EXPLAIN", "TABLE", "SHOW"]
    /// Keywords of statements a script must not wrap in a transaction.
    private static let outsideTransactionKeywords: Set = [
        "BEGIN", "START", "COMMIT", "END", "ROLLBACK", "ABORT", "SAVEPOINT", "RELEASE", "VACUUM", "ATTACH", "DETACH",
        "PRAGMA", "CLUSTER", "REINDEX", "CHECKPOINT",
    ]

    /// Runs `text`: one statement (a trailing `;` is ignored) or a script of several.
    ///
    /// - Throws: the database's error, ORMCore's read-only error for a write on a read-only
    ///   database, or ``ScriptFailure`` naming the statement of a script that failed.
    func run(_ text: String) throws -> StatementOutcome {
        let statements = SQLScript.statements(in: text, dialect: database.dialect)
        guard statements.count > 1 else {
            return try runOne(statements.first ?? Self.trimmed(text))
        }
        return .script(try runScript(statements))
    }

    /// The statement without surrounding blanks and trailing semicolons.
    static func trimmed(_ text: String) -> String {
        var result = text.trimmedWhitespace
        while result.hasSuffix(";") {
            result.removeLast()
            result = result.trimmedWhitespace
        }
        return result
    }

    /// The first word of `statement` after any comments, upper-cased.
    static func firstKeyword(of statement: String) -> String {
        SQLScript.leadingKeyword(of: statement)
    }

    // MARK: - One statement

    private func runOne(_ statement: String) throws -> StatementOutcome {
        defer { fill.finish() }
        try checkWriteAccess(statement)
        var writer: ResultStoreWriter?
        let report: StatementRunReport
        let start = ContinuousClock.now
        var firstRow: ContinuousClock.Instant?
        // Asked before the statement runs: while its rows come, the connection reads nothing else.
        let collation = collations.collation(of: database)
        do {
            report = try interruption.run {
                try database.runStatement(SQL(statement), borrowingValuesOver: ResultStoreWriter.borrowedBytes, readingBlobsInPieces: true,
                                          columns: { columns in
                    let store = try makeStore(columns: columns, for: statement, collation: collation)
                    writer = ResultStoreWriter(store: store, progress: progress, fill: fill)
                }, row: { row in
                    if firstRow == nil {
                        firstRow = .now
                    }
                    try writer?.append(row)
                })
            }
        } catch {
            // Esc: the rows that arrived are kept, stored here, outside the interruption that
            // stopped the statement (and would stop this write too).
            guard let writer, interruption.isInterrupted else {
                throw error
            }
            try writer.flush()
            var rows = StatementRows(source: try writer.store.source(), count: writer.arrived, changedRows: nil, wasStopped: true)
            rows.timing = StatementTiming(start: start, firstRow: firstRow, end: .now)
            return .rows(rows)
        }
        guard let writer else {
            let timing = StatementTiming(start: start, firstRow: nil, end: .now)
            return report.changedRows.map { .changed($0, timing: timing) } ?? .done(timing: timing)
        }
        try writer.flush()
        var rows = StatementRows(source: try writer.store.source(), count: writer.arrived,
                                 changedRows: report.changedRows, wasStopped: false)
        rows.timing = StatementTiming(start: start, firstRow: firstRow, end: .now)
        rows.changesUncounted = report.changedRows == nil && database.dialect.kind == .postgres
            && !SQLScript.tablesWritten(by: statement, dialect: .postgres).isEmpty
        return .rows(rows)
    }

    /// The store of the rows of `statement`, whose `columns` the database named. PostgreSQL has
    /// the statement by then (it runs while the store is made), so a store that cannot be made
    /// says so.
    /// Its text is ordered by `collation`, the database's, where reef can follow it.
    private func makeStore(columns: [StatementColumn], for statement: String, collation: ServerTextCollation?) throws -> ResultStore {
        let onServer = database.dialect.kind == .postgres
        do {
            var enumLabels: [Int: [String]] = [:]
            for (index, column) in columns.enumerated() {
                enumLabels[index] = column.enumLabels
            }
            return try ResultStore(columns: columns.map(\.name), kinds: kinds(of: columns), typeNames: columns.map(\.typeName),
                                   enumLabels: enumLabels, isFromPostgres: onServer, textCollation: collation, statement: statement)
        } catch let failure as ResultStore.StoreError where onServer {
            throw ResultStore.StoreError(reason: failure.reason + "; the statement had been sent to the server and may have run")
        }
    }

    /// How the grid shows columns of these types: on PostgreSQL as a table's columns of the type
    /// are shown (``TableSource/postgresKind(ofType:)``: a `boolean` read as 1 or 0 shows
    /// `true`/`false`); on SQLite as they read, as before the results were stored.
    private func kinds(of columns: [StatementColumn]) -> [ColumnKind] {
        columns.map { column in
            guard database.dialect.kind == .postgres, let type = column.typeName else {
                return .other
            }
            return PostgresBoolean.isBoolean(type) ? .boolean : TableSource.postgresKind(ofType: type)
        }
    }

    /// Refuses a write, for the reason cell edits are, when the file or its folder cannot be
    /// written (with `--readonly` SQLite refuses it; such a file is opened read-only too, so
    /// SQLite refuses what this check lets through).
    private func checkWriteAccess(_ statement: String) throws {
        if database.dialect.kind == .sqlite, let reason = WriteAccess.fileRefusal(path: database.path),
           try !database.isReadOnly(SQL(statement)) {
            throw WriteAccess.Refusal(reason: reason)
        }
    }

    /// Runs one statement of a script before its last, its rows (if any) dropped; the rows it
    /// changed when the database counts them.
    private func changedRows(by statement: String) throws -> Int {
        try checkWriteAccess(statement)
        let report = try interruption.run {
            try database.runStatement(SQL(statement), columns: { _ in }, row: { _ in })
        }
        return report.changedRows ?? 0
    }

    // MARK: - Scripts

    private func runScript(_ statements: [String]) throws -> ScriptRun {
        let keywords = statements.map(Self.firstKeyword(of:))
        let endsWithQuery = keywords.last.map(Self.queryKeywords.contains) ?? false
        let leading = endsWithQuery ? statements.count - 1 : statements.count
        if let query = keywords[..<(statements.count - 1)].firstIndex(where: Self.pureQueryKeywords.contains) {
            throw ScriptFailure(statement: query + 1, count: statements.count, applied: 0,
                                reason: "only the last statement may be a query")
        }
        let atomic = !keywords[..<leading].contains(where: Self.outsideTransactionKeywords.contains)
        var run = ScriptRun(statements: statements.count, wasAtomic: atomic && leading > 1)
        var ran = 0
        let runLeading = {
            for index in 0..<leading {
                if index == statements.count - 1 {
                    // The last statement's rows (`RETURNING`) are shown; stopped, it undoes the
                    // transaction it is part of rather than let the rest commit.
                    switch try self.runOne(statements[index]) {
                    case .rows(let rows):
                        if rows.wasStopped, run.wasAtomic {
                            throw StatementStopped()
                        }
                        run.rows = rows
                        run.changedRows += rows.changedRows ?? 0
                    case .changed(let count, _): run.changedRows += count
                    case .done, .script: break
                    }
                } else {
                    run.changedRows += try self.changedRows(by: statements[index])
                }
                ran += 1
            }
        }
        do {
            if run.wasAtomic {
                try database.transaction { _ in try runLeading() }
            } else {
                try runLeading()
            }
        } catch {
            // In one transaction nothing stays, whether a statement or the COMMIT failed.
            let failed = min(ran + 1, leading)
            throw ScriptFailure(statement: failed, count: statements.count, applied: run.wasAtomic ? 0 : ran,
                                reason: UserMessage.describe(error), place: UserMessage.place(of: error, in: statements[failed - 1]),
                                offset: UserMessage.offset(of: error, in: statements[failed - 1]))
        }
        guard endsWithQuery else {
            return run
        }
        do {
            switch try runOne(statements[leading]) {
            case .rows(let rows):
                run.rows = rows
                run.changedRows += rows.changedRows ?? 0
            case .changed(let count, _): run.changedRows += count
            case .done, .script: break
            }
        } catch {
            throw ScriptFailure(statement: leading + 1, count: statements.count, applied: leading,
                                reason: UserMessage.describe(error), place: UserMessage.place(of: error, in: statements[leading]),
                                offset: UserMessage.offset(of: error, in: statements[leading]))
        }
        return run
    }

    /// The last statement of a script run in one transaction was stopped (`Esc`): the transaction
    /// is rolled back.
    private struct StatementStopped: Error, CustomStringConvertible {
        var description: String { "stopped (Esc)" }
    }
}
