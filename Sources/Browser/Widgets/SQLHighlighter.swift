import ORMCore

/// Colours SQL typed at a prompt: each character gets the theme element of the token it is in,
/// as ORMCore's tokenizer (``SQLToken``) cuts the text, so a string, a quoted name or a comment is
/// told apart exactly as SQLite will read it.
///
/// ```swift
/// SQLHighlighter.elements(of: "id = 'x'")
/// // [.sqlIdentifier, .sqlIdentifier, .sqlOperator, .sqlOperator, .sqlOperator, .sqlString…]
/// ```
enum SQLHighlighter {
    /// The element of each character of `text` (one per `Character`).
    static func elements(of text: String) -> [ThemeElement] {
        let tokens = SQLToken.tokens(in: text)
        var elements: [ThemeElement] = []
        elements.reserveCapacity(text.utf8.count)
        var next = 0
        var index = text.startIndex
        while index < text.endIndex {
            // A character belongs to the token its first scalar starts in.
            while next < tokens.count - 1 && tokens[next].range.upperBound <= index {
                next += 1
            }
            elements.append(tokens.isEmpty ? .sqlIdentifier : element(of: tokens[next], in: text))
            index = text.index(after: index)
        }
        return elements
    }

    /// The element a token is drawn in.
    static func element(of token: SQLToken, in text: String) -> ThemeElement {
        switch token.kind {
        case .word: SQLKeywords.contains(text[token.range]) ? .sqlKeyword : .sqlIdentifier
        case .quotedName: .sqlIdentifier
        case .string, .blob: .sqlString
        case .number, .parameter: .sqlNumber
        case .comment: .sqlComment
        case .space: .prompt
        case .operator, .semicolon, .openParenthesis, .closeParenthesis: .sqlOperator
        }
    }
}
