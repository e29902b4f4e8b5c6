import CSQLite
import ORMShared

extension SQLiteDialect {
    /// The statements of a script split where SQLite itself sees a statement end, the way the
    /// `sqlite3` shell reads its input: a `;` ends a statement only where `sqlite3_complete`
    /// agrees, not inside a string, a quoted identifier, a comment, or the body of a
    /// `CREATE TRIGGER … BEGIN … END`.
    package func statements(in text: String) -> [String] {
        var statements: [String] = []
        var start = text.startIndex
        // Only a `;` token can end a statement; SQLite decides whether it does (inside a trigger's
        // body it does not).
        for token in SQLToken.tokens(in: text) where token.kind == .semicolon {
            let piece = text[start..<token.range.upperBound]
            if Self.isComplete(piece) {
                SQLScript.appendStatement(piece, to: &statements)
                start = token.range.upperBound
            }
        }
        SQLScript.appendStatement(text[start...], to: &statements)
        return statements
    }

    /// Whether SQLite sees a whole statement, ended by a `;`, in `piece`.
    private static func isComplete(_ piece: Substring) -> Bool {
        String(piece).withCString { sqlite3_complete($0) != 0 }
    }
}

extension SQLScript {
    /// The statements of `text` in order, as SQLite cuts a script (``SQLDialect/sqlite``'s
    /// `SQLScript.statements(in:dialect:)`): each trimmed of surrounding blanks and of its final `;`.
    /// Pieces holding only blanks, comments and semicolons are left out. The last statement need
    /// not end with a `;` (it is kept as typed, complete or not, for SQLite to judge).
    ///
    /// ```swift
    /// SQLScript.statements(in: "UPDATE t SET a = ';'; -- note\nSELECT * FROM t;")
    /// // ["UPDATE t SET a = ';'", "SELECT * FROM t"]
    /// ```
    public static func statements(in text: String) -> [String] {
        SQLiteDialect().statements(in: text)
    }
}
