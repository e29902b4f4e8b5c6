import ORMCore

/// What the user typed at the `=` prompt, read as a computed column: `expression`, or
/// `expression AS name` to name it (`AS` in any case; the name bare or in double quotes). Without a
/// name the column is named by the expression's text.
///
/// ```swift
/// let column = try ComputedColumnText.read("Milliseconds / 60000.0 AS minutes", in: .sqlite)
/// // ComputedColumn(name: "minutes", expression: "Milliseconds / 60000.0")
/// ```
enum ComputedColumnText {
    /// The computed column `text` asks for.
    ///
    /// - Throws: ``ORMCore/UserSQLError`` when the expression is empty or not one SQL expression
    ///   (two statements, a parameter), checked by `dialect`'s rules.
    static func read(_ text: String, in dialect: SQLDialect) throws -> ComputedColumn {
        let trimmed = text.trimmedWhitespace
        let tokens = SQLToken.tokens(in: trimmed, dialect: dialect.tokenDialect).filter { !$0.isTrivia }
        var expression = trimmed
        var name: String?
        // `… AS name` at the very end, outside any parenthesis (a `CAST(x AS REAL)` ends with `)`).
        if tokens.count >= 3, let last = tokens.last, last.isClosed, last.kind == .word || last.kind == .quotedName,
           tokens[tokens.count - 2].kind == .word, trimmed[tokens[tokens.count - 2].range].lowercased() == "as" {
            name = last.unquoted(in: trimmed)
            expression = String(trimmed[..<tokens[tokens.count - 2].range.lowerBound]).trimmedWhitespace
        }
        _ = try SQL.userExpression(expression, in: dialect)
        let shown = name.map { $0.trimmedWhitespace } ?? ""
        return ComputedColumn(name: shown.isEmpty ? Self.name(of: expression) : shown, expression: expression)
    }

    /// The name of a column named by its expression: the text with its runs of blanks made one
    /// space (a name of several lines would not fit a header).
    static func name(of expression: String) -> String {
        expression.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
