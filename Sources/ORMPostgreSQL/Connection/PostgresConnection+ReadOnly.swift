import ORMShared

// Whether a statement leaves a PostgreSQL database as it is: judged from its words (a query that
// writes nothing) and its leading keyword (transaction control, read-only as
// `sqlite3_stmt_readonly` takes SQLite's).

extension PostgresConnection {
    package func statementIsReadOnly(_ sql: String) throws -> Bool {
        try prepare(sql).isReadOnly || Self.transactionControl.contains(SQLScript.leadingKeyword(of: sql))
    }

    /// The leading keywords of PostgreSQL's transaction control.
    private static let transactionControl: Set<String> = [
        "BEGIN", "START", "COMMIT", "END", "ROLLBACK", "ABORT", "SAVEPOINT", "RELEASE",
    ]
}
