import FoundationEssentials
import ORMCore

/// Runs what is typed at the SQL prompt: one statement, or several separated by `;` (split where
/// SQLite sees a statement end, see ``SQLScript``).
///
/// One statement is treated by its first keyword (after any comments):
///
/// | Starts with | Run as |
/// | --- | --- |
/// | `SELECT`, `WITH`, `VALUES` | a paged, sortable source (``PagedSource/query(_:in:)``) |
/// | `PRAGMA`, `EXPLAIN` | read at once into a ``MaterializedSource`` |
/// | `INSERT`, `UPDATE`, `DELETE`, `REPLACE` | executed; the rows changed are reported |
/// | anything else | executed |
///
/// A `WITH` that turns out to be a write (`WITH x AS (...) DELETE ...`) is executed instead.
///
/// Several statements run in order, as the `sqlite3` shell runs them; only the last may be a
/// query, whose rows are shown. The statements before it run in one transaction (all or nothing)
/// unless one of them controls transactions itself or cannot run inside one (`BEGIN`, `VACUUM`,
/// `ATTACH`, a `PRAGMA`...): then each applies as it runs, and a failure says how many did.
struct StatementRunner: Sendable {
    /// The database statements run on.
    let database: Database

    /// Keywords of statements that return rows.
    private static let queryKeywords: Set = ["SELECT", "VALUES", "WITH", "PRAGMA", "EXPLAIN"]
    /// Keywords of queries whose rows a script could not show before its last statement.
    private static let pureQueryKeywords: Set = ["SELECT", "VALUES", "EXPLAIN"]
    /// Keywords of statements a script must not wrap in a transaction.
    private static let outsideTransactionKeywords: Set = [
        "BEGIN", "COMMIT", "END", "ROLLBACK", "SAVEPOINT", "RELEASE", "VACUUM", "ATTACH", "DETACH", "PRAGMA",
    ]
    /// Keywords whose changed-row count is reported.
    private static let countedKeywords: Set = ["INSERT", "UPDATE", "DELETE", "REPLACE", "WITH"]

    /// Runs `text`: one statement (a trailing `;` is ignored) or a script of several.
    ///
    /// - Throws: SQLite's error, ORMCore's read-only error for a write on a read-only database, or
    ///   ``ScriptFailure`` naming the statement of a script that failed.
    func run(_ text: String) throws -> StatementOutcome {
        let statements = SQLScript.statements(in: text)
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
        let keyword = Self.firstKeyword(of: statement)
        switch keyword {
        case "SELECT", "VALUES":
            return .rows(try PagedSource.query(statement, in: database))
        case "WITH":
            do {
                return .rows(try PagedSource.query(statement, in: database))
            } catch {
                return try execute(statement, keyword: keyword)
            }
        case "PRAGMA", "EXPLAIN":
            let table = try database.fetchRows(SQL(statement))
            if table.columns.isEmpty {
                return .done
            }
            return .rows(MaterializedSource(title: keyword.lowercased(), columns: table.columns.map { GridColumn(name: $0) },
                                            rows: table.rows.map { $0.map { GridValue($0) } }))
        default:
            return try execute(statement, keyword: keyword)
        }
    }

    /// Executes a statement that returns no rows. A write is refused, for the reason cell edits
    /// are, when the file or its folder cannot be written (with `--readonly` SQLite refuses it;
    /// such a file is opened read-only too, so SQLite refuses what this check lets through).
    private func execute(_ statement: String, keyword: String) throws -> StatementOutcome {
        if database.dialect.kind == .sqlite, let reason = WriteAccess.fileRefusal(path: database.path),
           try !database.isReadOnly(SQL(statement)) {
            throw WriteAccess.Refusal(reason: reason)
        }
        let changed = try database.execute(SQL(statement))
        return Self.countedKeywords.contains(keyword) ? .changed(changed) : .done
    }

    // MARK: - Scripts

    private func runScript(_ statements: [String]) throws -> ScriptRun {
        let keywords = statements.map(Self.firstKeyword(of:))
        let endsWithQuery = keywords.last.map(Self.queryKeywords.contains) ?? false
        let leading = endsWithQuery ? statements.count - 1 : statements.count
        if let query = keywords[..<leading].firstIndex(where: Self.pureQueryKeywords.contains) {
            throw ScriptFailure(statement: query + 1, count: statements.count, applied: 0,
                                reason: "only the last statement may be a query")
        }
        let atomic = !keywords[..<leading].contains(where: Self.outsideTransactionKeywords.contains)
        var run = ScriptRun(statements: statements.count, wasAtomic: atomic && leading > 1)
        var ran = 0
        let runLeading = {
            for index in 0..<leading {
                run.changedRows += try self.changedRows(by: statements[index], keyword: keywords[index])
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
                                reason: UserMessage.describe(error), place: UserMessage.place(of: error, in: statements[failed - 1]))
        }
        guard endsWithQuery else {
            return run
        }
        do {
            switch try runOne(statements[leading]) {
            case .rows(let source): run.rows = source
            case .changed(let count): run.changedRows += count
            case .done, .script: break
            }
        } catch {
            throw ScriptFailure(statement: leading + 1, count: statements.count, applied: leading,
                                reason: UserMessage.describe(error), place: UserMessage.place(of: error, in: statements[leading]))
        }
        return run
    }

    /// Executes one statement of a script; the rows it changed when that is reported.
    private func changedRows(by statement: String, keyword: String) throws -> Int {
        guard case .changed(let count) = try execute(statement, keyword: keyword) else {
            return 0
        }
        return count
    }
}
