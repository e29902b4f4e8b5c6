/// SQL text as a script of statements, cut the way each database's own shell reads its input
/// (`statements(in:dialect:)`, package-wide: the dialect's answer), and what a statement's first words say.
///
/// ```swift
/// SQLScript.statements(in: "UPDATE t SET a = ';'; -- note\nSELECT * FROM t;", dialect: .sqlite)
/// // ["UPDATE t SET a = ';'", "SELECT * FROM t"]
/// ```
public enum SQLScript {
    /// The statements of `text` in order, as `dialect`'s database cuts a script (SQLite's where
    /// `sqlite3_complete` sees a statement end, PostgreSQL's as `psql` does), each trimmed of
    /// surrounding blanks and of its final `;`. Pieces holding only blanks, comments and semicolons
    /// are left out; the last statement need not end with a `;` (it is kept as typed, complete or
    /// not, for the database to judge).
    package static func statements(in text: String, dialect: SQLDialect) -> [String] {
        dialect.rules.statements(in: text)
    }

    /// The first word of `statement` after any blanks and comments, upper-cased (`SELECT`, `WITH`);
    /// empty when it starts with something else (a parenthesis, say) or holds no token at all.
    public static func leadingKeyword(of statement: String) -> String {
        guard let token = SQLToken.tokens(in: statement).first(where: isStatementToken), token.kind == .word else {
            return ""
        }
        return statement[token.range].uppercased()
    }

    /// Whether `statement` holds anything besides blanks, comments and semicolons.
    public static func hasTokens(_ statement: String) -> Bool {
        SQLToken.tokens(in: statement).contains(where: isStatementToken)
    }

    // MARK: - Helpers

    /// Appends `piece`, a statement as cut, to `statements`: trimmed of blanks and of its final
    /// `;`, and left out when it holds no statement token.
    package static func appendStatement(_ piece: Substring, to statements: inout [String]) {
        var statement = piece.trimmedWhitespace
        while statement.hasSuffix(";") {
            statement.removeLast()
            statement = statement.trimmedWhitespace
        }
        if hasTokens(statement) { statements.append(statement) }
    }

    /// Whether `token` is part of a statement: not blanks, a comment or a semicolon.
    private static func isStatementToken(_ token: SQLToken) -> Bool {
        !token.isTrivia && token.kind != .semicolon
    }
}
