import ORMShared

// How PostgresConnection reads a script.

extension PostgresConnection {
    /// First keywords of the statements PostgreSQL runs only outside a transaction block, beside
    /// those that manage transactions (``SQLScript/outsideTransactionKeywords``).
    static let postgresOutsideTransactionKeywords: Set<String> = [
        "START", "ABORT", "VACUUM", "CLUSTER", "REINDEX", "CHECKPOINT",
    ]

    /// The statements of `text` as `psql` cuts them (``SQLScript/statements(in:dialect:)``: never
    /// inside a string, a quoted name, a dollar-quoted body, a comment, parentheses or a `BEGIN
    /// ATOMIC` body), each trimmed; pieces holding nothing else left out.
    package static func statements(in text: String) -> [String] {
        SQLScript.statements(in: text, dialect: .postgres)
    }

    /// Whether `statement` manages transactions or cannot run inside one: its first keyword
    /// (`BEGIN`, `COMMIT`, `SAVEPOINT`, `VACUUM`…), `CREATE`/`DROP DATABASE` or `TABLESPACE`, and
    /// any `CONCURRENTLY` index statement.
    package static func runsOutsideTransaction(_ statement: String) -> Bool {
        let words = SQLToken.tokens(in: statement, dialect: .postgres).lazy.filter { $0.kind == .word }
            .prefix(4).map { statement[$0.range].uppercased() }
        guard let first = words.first else {
            return false
        }
        if SQLScript.outsideTransactionKeywords.contains(first) || postgresOutsideTransactionKeywords.contains(first) {
            return first != "PRAGMA"
        }
        let leading = Array(words)
        if ["CREATE", "DROP", "ALTER"].contains(first), leading.count > 1,
           ["DATABASE", "TABLESPACE", "SYSTEM"].contains(leading[1]) {
            return true
        }
        return leading.contains("CONCURRENTLY")
    }

    /// Runs the statements of `sql` one after the other, its arguments consumed in order; with
    /// `stoppingOutsideTransaction`, throws ``Connection/StatementRunsOutsideTransaction`` before
    /// a statement that manages transactions itself (`BEGIN`, `COMMIT`, `SAVEPOINT`…) or cannot
    /// run inside one (`VACUUM`, `CREATE DATABASE`, `… CONCURRENTLY`). Statements are split where
    /// PostgreSQL's tokens have a `;` (not inside a string, a dollar-quoted body or a comment).
    package func executeScript(_ sql: SQL, stoppingOutsideTransaction: Bool) throws {
        let sql = sql.rendered(in: dialect)
        var remaining = sql.arguments[...]
        var placeholders = 0
        let statements = Self.statements(in: sql.text)
        for (position, statement) in statements.enumerated() {
            if stoppingOutsideTransaction && Self.runsOutsideTransaction(statement) {
                throw StatementRunsOutsideTransaction()
            }
            let count = dialect.preparedText(statement).parameterCount
            placeholders += count
            if remaining.count < count {
                throw ORMError.argumentCountMismatch(sql: statement, placeholders: count, arguments: remaining.count)
            }
            if position == statements.count - 1, remaining.count > count {
                // The last statement: the values left after it would never be bound.
                throw ORMError.argumentCountMismatch(
                    sql: sql.text, placeholders: placeholders, arguments: sql.arguments.count)
            }
            try run(statement, Array(remaining.prefix(count)))
            remaining = remaining.dropFirst(count)
        }
        if !remaining.isEmpty {
            throw ORMError.argumentCountMismatch(sql: sql.text, placeholders: placeholders, arguments: sql.arguments.count)
        }
    }
}
