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
        let bytes = Array(text.utf8)
        var statements: [String] = []
        var start = 0
        for index in bytes.indices where bytes[index] == UInt8(ascii: ";") {
            let piece = bytes[start...index]
            if isComplete(piece) {
                appendStatement(piece, to: &statements)
                start = index + 1
            }
        }
        appendStatement(bytes[start...], to: &statements)
        return statements
    }

    /// The first word of `statement` after any blanks and comments, upper-cased (`SELECT`, `WITH`);
    /// empty when it starts with something else (a parenthesis, say) or holds no token at all.
    public static func leadingKeyword(of statement: String) -> String {
        String(Substring(leadingToken(of: statement).prefix { $0.properties.isAlphabetic })).uppercased()
    }

    /// Whether `statement` holds anything besides blanks, comments and semicolons.
    public static func hasTokens(_ statement: String) -> Bool {
        !leadingToken(of: statement).isEmpty
    }

    // MARK: - Helpers

    /// Whether SQLite sees a whole statement, ended by a `;`, in `piece`.
    private static func isComplete(_ piece: ArraySlice<UInt8>) -> Bool {
        var text = piece.map { CChar(bitPattern: $0) }
        text.append(0)
        return sqlite3_complete(text) != 0
    }

    private static func appendStatement(_ piece: ArraySlice<UInt8>, to statements: inout [String]) {
        var statement = String(decoding: piece, as: UTF8.self).trimmedWhitespace
        while statement.hasSuffix(";") {
            statement.removeLast()
            statement = statement.trimmedWhitespace
        }
        if hasTokens(statement) { statements.append(statement) }
    }

    /// The text from the first token on: blanks, `--` line comments, `/* */` block comments and
    /// semicolons before it are skipped.
    private static func leadingToken(of statement: String) -> Substring.UnicodeScalarView {
        var rest = Substring(statement).unicodeScalars[...]
        while let first = rest.first {
            if first.properties.isWhitespace || first == ";" {
                rest.removeFirst()
            } else if rest.starts(with: "--".unicodeScalars) {
                rest = rest.drop { $0 != "\n" }
            } else if rest.starts(with: "/*".unicodeScalars) {
                let body = rest.dropFirst(2)
                var end = body.startIndex
                var closed = false
                while end < body.endIndex {
                    if body[end...].starts(with: "*/".unicodeScalars) {
                        closed = true
                        break
                    }
                    end = body.index(after: end)
                }
                // An unclosed block comment runs to the end of the text (as SQLite reads it).
                rest = closed ? body[body.index(end, offsetBy: 2)...] : body[body.endIndex...]
            } else {
                break
            }
        }
        return rest
    }
}
