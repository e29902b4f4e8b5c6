import ORMCore
import PostgresClient

/// Runs the statements of `reef DB --sql` without a screen: split by the database's own rules
/// (``SQLScript``: SQLite's trigger bodies, PostgreSQL's dollar quotes and `BEGIN ATOMIC`
/// bodies), each run exactly once, as the SQL prompt runs a statement
/// (``ORMCore/Database/runStatement(_:columns:row:)``): in the session's own transaction state,
/// autocommit unless a `BEGIN` in the text opened a transaction. A read-only database refuses
/// writes as the screens do (ORMCore's read-only guard, PostgreSQL's large-object functions
/// among them).
///
/// The last statement's rows go to standard output as they arrive, in ``format`` (the exports'
/// encoders), never collected; a last statement without rows says on standard error how many
/// rows it changed. The first statement that fails ends the run: the error is one line naming
/// it (``BatchFailure``). A transaction still open at the end is rolled back, and said.
///
/// ```swift
/// let run = BatchRun(database: db, format: .csv, interruption: Interruption())
/// let status = run.run("CREATE TABLE t (x); INSERT INTO t VALUES (1); SELECT * FROM t",
///                      output: BatchOutput(), say: { print($0) })
/// // stdout: "x\r\n1\r\n", status .ok
/// ```
struct BatchRun {
    /// The database the statements run on.
    let database: Database
    /// How the last statement's rows are written.
    let format: BatchFormat
    /// Stops the statement running (Ctrl-C, ``BatchInterrupt``).
    let interruption: Interruption
    /// Why the database takes no writes, when reef says more than the database would (an import
    /// browsed read-only); nil: ``WriteAccess/refusal(for:)`` tells it.
    var readOnlyReason: String?

    /// Runs `text`, writing the last statement's rows to `output` and any other word for the
    /// user (a failure, the rows changed) to `say`, a line each; returns the exit status.
    func run(_ text: String, output: BatchOutput, say: (String) -> Void) -> BatchExit {
        let dialect = database.dialect
        let statements = SQLScript.statements(in: text, dialect: dialect)
        guard !statements.isEmpty else {
            say("reef: --sql: no statement to run")
            return .usage
        }
        let ranges = EditorStatements.ranges(in: text, dialect: dialect)
        let starts = ranges.count == statements.count ? ranges.map(\.lowerBound) : nil
        var status = BatchExit.ok
        for (index, statement) in statements.enumerated() {
            do {
                try runOne(statement, isLast: index == statements.count - 1, output: output, say: say)
            } catch {
                if interruption.isInterrupted {
                    say("reef: interrupted: statement \(index + 1) of \(statements.count) was stopped")
                    status = .interrupted
                } else {
                    say(BatchFailure(number: index + 1, of: statements.count, statement: statement, start: starts?[index],
                                     in: text, error: error, reason: reason(for: error)).description)
                    status = .failed
                }
                break
            }
        }
        do {
            try output.flush()
        } catch {
            say("reef: \(error)")
            status = status == .ok ? .failed : status
        }
        endOpenTransaction(say: say)
        return status
    }

    /// Runs one statement, its rows written when it is the last.
    private func runOne(_ statement: String, isLast: Bool, output: BatchOutput, say: (String) -> Void) throws {
        var writer: (any BatchRowWriter)?
        var booleans: [Bool] = []
        let isPostgres = database.dialect.kind == .postgres
        let report = try interruption.run {
            try database.runStatement(SQL(statement), columns: { columns in
                guard isLast else {
                    return
                }
                let rows = format.writer(to: output)
                try rows.begin(columns: columns.map(\.name))
                writer = rows
                // ORMCore reads a PostgreSQL boolean as 1 or 0; exports write true or false.
                booleans = columns.map { isPostgres && ($0.typeName.map(PostgresBoolean.isBoolean) ?? false) }
                rows.holdDecimals(columns.map { column in
                    isPostgres && column.typeName.map { TableSource.postgresKind(ofType: $0) == .decimal } == true
                })
            }, row: { row in
                try writer?.write(Self.values(of: row, booleans: booleans))
            })
        }
        if let writer {
            try writer.finish()
        } else if isLast, let changed = report.changedRows {
            say(changed == 1 ? "1 row changed" : "\(changed) rows changed")
        }
    }

    /// The row's values as exports read them: text that is not valid UTF-8 as its bytes, a
    /// PostgreSQL boolean as a boolean.
    static func values(of row: StatementRunRow, booleans: [Bool]) -> [ExportValue] {
        row.values.indices.map { index in
            if let bytes = row.invalidText[index] {
                return .undecodableText(bytes)
            }
            let value = row.values[index]
            if index < booleans.count, booleans[index], case .integer(let integer) = value {
                return .boolean(integer != 0)
            }
            return ExportValue(value)
        }
    }

    /// Why a statement failed, in the screens' words; a write refused on a read-only database
    /// with the reason it is read-only, a lost session without the screens' advice.
    private func reason(for error: any Error) -> String {
        if case ORMError.readOnlyDatabase? = error as? ORMError {
            return "read-only: " + (readOnlyReason ?? WriteAccess.refusal(for: database) ?? "the database is open read-only")
        }
        if let error = error as? PostgresDatabaseError, error.isConnectionLost {
            let message = error.underlying.message
            return "lost the connection to the server (" + (message.split(whereSeparator: \.isNewline).first.map(String.init) ?? message) + ")"
        }
        return UserMessage.describe(error)
    }

    /// Rolls back a transaction the text left open (a `BEGIN` without `COMMIT`, or a statement
    /// that failed inside one), and says so. A read-only database refuses `BEGIN`: its writer is
    /// not asked.
    private func endOpenTransaction(say: (String) -> Void) {
        guard !database.configuration.readOnly, (try? database.hasOpenTransaction) == true else {
            return
        }
        do {
            _ = try database.runStatement("ROLLBACK", columns: { _ in }, row: { _ in })
            say("reef: a transaction was still open at the end: rolled back")
        } catch {
            say(Sanitizer.sanitize("reef: a transaction was still open at the end and could not be rolled back: \(UserMessage.describe(error))"))
        }
    }
}
