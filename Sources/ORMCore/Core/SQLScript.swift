import CSQLite

/// SQL text as a script of statements: split where SQLite itself sees a statement end, the way
/// the `sqlite3` shell reads its input.
///
/// A `;` ends a statement only where `sqlite3_complete` agrees: not inside a string, a quoted
/// identifier, a comment, or the body of a `CREATE TRIGGER … BEGIN … END`.
///
/// ```swift
/// SQLScript.statements(in: "UPDATE t SET a = ';'; -- note\nSELECT * FROM t;")
/// // ["UPDATE t SET a = ';'", "SELECT * FROM t"]
/// ```
public enum SQLScript {
    /// The statements of `text` in order, each trimmed of surrounding blanks and of its final `;`.
    /// Pieces holding only blanks, comments and semicolons are left out. The last statement need
    /// not end with a `;` (it is kept as typed, complete or not, for SQLite to judge).
    public static func statements(in text: String) -> [String] {
        var statements: [String] = []
        var start = text.startIndex
        // Only a `;` token can end a statement; SQLite decides whether it does (inside a trigger's
        // body it does not).
        for token in SQLToken.tokens(in: text) where token.kind == .semicolon {
            let piece = text[start..<token.range.upperBound]
            if isComplete(piece) {
                appendStatement(piece, to: &statements)
                start = token.range.upperBound
            }
        }
        appendStatement(text[start...], to: &statements)
        return statements
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

    /// Whether SQLite sees a whole statement, ended by a `;`, in `piece`.
    private static func isComplete(_ piece: Substring) -> Bool {
        String(piece).withCString { sqlite3_complete($0) != 0 }
    }

    private static func appendStatement(_ piece: Substring, to statements: inout [String]) {
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
