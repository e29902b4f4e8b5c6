import FoundationEssentials
import ORMCore

/// Reads the plan of one statement typed at the SQL prompt (``QueryPlan``): SQLite's
/// `EXPLAIN QUERY PLAN`, PostgreSQL's `EXPLAIN (FORMAT JSON)`, or with `analyze` PostgreSQL's
/// `EXPLAIN (ANALYZE, FORMAT JSON)`, which runs the statement.
///
/// The text run is the `EXPLAIN` words and the user's statement as typed, nothing else. `ANALYZE`
/// runs inside a transaction that is rolled back (a savepoint rolled back when the session has a
/// transaction open), so a statement that writes leaves nothing behind; on a read-only database
/// it runs in the read-only session, as statements typed at the prompt do, and a write is refused.
struct PlanReader: Sendable {
    /// The database the plan is read from.
    let database: Database
    /// Stops the statement (`Esc`).
    var interruption = Interruption()

    /// The error that rolls back the transaction `ANALYZE` ran in.
    private struct RollBack: Error {}

    /// The text that explains `statement` (trimmed of its final `;`) on `dialect`.
    static func explainText(of statement: String, dialect: SQLDialect.Kind, analyze: Bool) -> String {
        let typed = StatementRunner.trimmed(statement)
        switch dialect {
        case .sqlite: return "EXPLAIN QUERY PLAN " + typed
        case .postgres: return (analyze ? "EXPLAIN (ANALYZE, FORMAT JSON) " : "EXPLAIN (FORMAT JSON) ") + typed
        }
    }

    /// The plan of `statement`; with `analyze` (PostgreSQL only: SQLite has no `EXPLAIN ANALYZE`)
    /// the statement runs to measure it.
    ///
    /// - Throws: the database's error (a syntax error in the statement, a write refused on a
    ///   read-only database), or ``QueryPlan/UnreadablePlan``.
    func read(_ statement: String, analyze: Bool) throws -> QueryPlan {
        let kind = database.dialect.kind
        let analyze = analyze && kind == .postgres
        let text = Self.explainText(of: statement, dialect: kind, analyze: analyze)
        let rollsBack = analyze && !database.configuration.readOnly
        let rows = try interruption.run {
            try rollsBack ? rowsRolledBack(of: text) : self.rows(of: text)
        }
        switch kind {
        case .sqlite:
            return QueryPlan.sqlite(rows: try QueryPlan.sqliteRows(rows))
        case .postgres:
            guard let first = rows.first?.first else {
                throw QueryPlan.UnreadablePlan(reason: "PostgreSQL returned no plan")
            }
            let json: String
            switch first {
            case .text(let text): json = text
            case .blob(let bytes): json = String(decoding: bytes, as: UTF8.self)
            default: throw QueryPlan.UnreadablePlan(reason: "PostgreSQL's plan is not text")
            }
            var plan = try QueryPlan.postgres(json: json, analyzed: analyze)
            plan.rolledBack = rollsBack
            return plan
        }
    }

    /// The rows of `text`, run once in the session's own transaction state.
    private func rows(of text: String) throws -> [[SQLValue]] {
        var rows: [[SQLValue]] = []
        _ = try database.runStatement(SQL(text), columns: { _ in }, row: { rows.append($0.values) })
        return rows
    }

    /// The rows of `text`, run in a transaction rolled back after it: a savepoint inside the
    /// session's transaction when one is open, else a transaction of its own.
    private func rowsRolledBack(of text: String) throws -> [[SQLValue]] {
        guard try !database.hasOpenTransaction else {
            _ = try rows(of: "SAVEPOINT reef_explain")
            let result = Result { try rows(of: text) }
            _ = try rows(of: "ROLLBACK TO SAVEPOINT reef_explain")
            _ = try rows(of: "RELEASE SAVEPOINT reef_explain")
            return try result.get()
        }
        var result: [[SQLValue]] = []
        do {
            try database.transaction { _ in
                result = try rows(of: text)
                throw RollBack()
            }
        } catch is RollBack {
            return result
        }
        return result
    }
}
