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
    static func statements(in text: String) -> [String] {
        SQLScript.statements(in: text, dialect: .postgres)
    }

    /// Whether `statement` manages transactions or cannot run inside one: its first keyword
    /// (`BEGIN`, `COMMIT`, `SAVEPOINT`, `VACUUM`…), `CREATE`/`DROP DATABASE` or `TABLESPACE`, and
    /// any `CONCURRENTLY` index statement.
    static func runsOutsideTransaction(_ statement: String) -> Bool {
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
}
