// How PostgresConnection reads a script.

extension PostgresConnection {
    /// First keywords of the statements PostgreSQL runs only outside a transaction block, beside
    /// those that manage transactions (``SQLScript/outsideTransactionKeywords``).
    static let postgresOutsideTransactionKeywords: Set<String> = [
        "START", "ABORT", "VACUUM", "CLUSTER", "REINDEX", "CHECKPOINT",
    ]

    /// The statements of `text`, split at PostgreSQL's `;` tokens (never inside a string, a quoted
    /// name, a dollar-quoted body or a comment), each trimmed; pieces holding nothing else left out.
    static func statements(in text: String) -> [String] {
        var statements: [String] = []
        var start = text.startIndex
        var hasTokens = false
        for token in SQLToken.tokens(in: text, dialect: .postgres) {
            if token.kind == .semicolon {
                if hasTokens {
                    statements.append(text[start..<token.range.lowerBound].trimmedWhitespace)
                }
                start = token.range.upperBound
                hasTokens = false
            } else if !token.isTrivia {
                hasTokens = true
            }
        }
        if hasTokens {
            statements.append(text[start...].trimmedWhitespace)
        }
        return statements
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
