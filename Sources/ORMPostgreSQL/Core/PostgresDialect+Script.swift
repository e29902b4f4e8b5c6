import ORMShared

extension PostgresDialect {
    /// The statements of a script as `psql` cuts them: at a `;` token outside parentheses and
    /// outside a `BEGIN`/`CASE` … `END` that is not a statement's first word (a `BEGIN ATOMIC`
    /// function body; a dollar-quoted body is one string token, whose semicolons are no ends).
    package func statements(in text: String) -> [String] {
        var statements: [String] = []
        var start = text.startIndex
        func append(_ piece: Substring) {
            if SQLScript.hasTokens(String(piece)) { statements.append(String(piece.trimmedWhitespace)) }
        }
        // psql's counters (psqlscan.l): words so far in the statement, open parentheses, and
        // `BEGIN`/`CASE` blocks not yet closed by `END`.
        var words = 0
        var parentheses = 0
        var blocks = 0
        for token in SQLToken.tokens(in: text, dialect: .postgres) {
            switch token.kind {
            case .openParenthesis: parentheses += 1
            case .closeParenthesis: parentheses = max(0, parentheses - 1)
            case .word:
                words += 1
                let word = text[token.range].uppercased()
                if word == "BEGIN" || word == "CASE" {
                    if words > 1 { blocks += 1 }
                } else if word == "END", blocks > 0 {
                    blocks -= 1
                }
            case .semicolon where parentheses == 0 && blocks == 0:
                append(text[start..<token.range.lowerBound])
                start = token.range.upperBound
                words = 0
            default: continue
            }
        }
        append(text[start...])
        return statements
    }
}
