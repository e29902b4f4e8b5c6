extension SQL {
    /// One SQL expression a user typed (a filter, say), parenthesised to embed in a statement.
    ///
    /// The text is checked to be exactly one expression before SQLite sees it: its parentheses
    /// balance and none closes early (`1) OR (1` is refused), no `;` ends it, no string, quoted
    /// name or comment is left open, and it holds no parameter (`?`, `:name`: it would take a value
    /// meant for another placeholder). Comments are kept: the closing parenthesis goes on a line of
    /// its own, so `id = 1 -- note` works. SQLite judges the rest when the statement prepares.
    ///
    /// Unlike ``Interpolation/appendInterpolation(raw:)``, which trusts the program's own text,
    /// this is the entry point for text from outside. The text is read by `dialect`'s lexical
    /// rules: on PostgreSQL `a::text` is a cast, `$$…$$` a string, `$1` a parameter.
    ///
    /// ```swift
    /// let filter = try SQL.userExpression("total > 10 -- big ones")
    /// let rows = try db.table("orders").query().where(filter).fetch()
    /// // … WHERE ((total > 10 -- big ones
    /// // )) …
    /// ```
    ///
    /// - Throws: ``UserSQLError`` saying what keeps the text from being one expression.
    public static func userExpression(_ text: String, in dialect: SQLDialect) throws(UserSQLError) -> SQL {
        try checkOnePiece(text, dialect: dialect, allowingFinalSemicolon: false, what: "expression")
        return SQL(stringLiteral: "(" + text + "\n)")
    }

    /// One query a user typed (`SELECT`, `WITH`, `VALUES`), as a parenthesised subquery to select
    /// from. Checked as ``userExpression(_:in:)`` checks an expression (a final `;` is allowed),
    /// by `dialect`'s lexical rules.
    ///
    /// ```swift
    /// var sql: SQL = "SELECT count(*) FROM "
    /// sql.append(try SQL.userQuery("SELECT * FROM t WHERE a > 1;"))
    /// ```
    ///
    /// - Throws: ``UserSQLError`` saying what keeps the text from being one query.
    public static func userQuery(_ text: String, in dialect: SQLDialect) throws(UserSQLError) -> SQL {
        let tokens = try checkOnePiece(text, dialect: dialect, allowingFinalSemicolon: true, what: "statement")
        let end = tokens.last { !$0.isTrivia && $0.kind != .semicolon }?.range.upperBound ?? text.endIndex
        // Comments after the last semicolon stay out with it.
        return SQL(stringLiteral: "(" + text[..<end] + "\n)")
    }

    // MARK: - Helpers

    /// Checks that `text` holds one piece of SQL, returning its tokens.
    @discardableResult
    private static func checkOnePiece(_ text: String, dialect: SQLDialect, allowingFinalSemicolon: Bool, what: String)
        throws(UserSQLError) -> [SQLToken]
    {
        let tokens = SQLToken.tokens(in: text, dialect: dialect.tokenDialect)
        guard tokens.contains(where: { !$0.isTrivia && $0.kind != .semicolon }) else {
            throw UserSQLError("no \(what): only blanks and comments")
        }
        var open: [SQLToken] = []
        for (index, token) in tokens.enumerated() {
            let position = "at character \(text[..<token.range.lowerBound].count + 1)"
            let piece = text[token.range]
            let shown = piece.count > 20 ? piece.prefix(20) + "…" : piece
            if !token.isClosed {
                let name = token.kind == .comment ? "comment" : token.kind == .quotedName ? "quoted name" : "string"
                throw UserSQLError("the \(name) \(position) (\(shown)) is never closed")
            }
            switch token.kind {
            case .openParenthesis:
                open.append(token)
            case .closeParenthesis:
                if open.popLast() == nil {
                    throw UserSQLError("`)` \(position) closes a parenthesis never opened: one \(what) only")
                }
            case .semicolon:
                let trailing = tokens[index...].allSatisfy { $0.isTrivia || $0.kind == .semicolon }
                if !(allowingFinalSemicolon && trailing && open.isEmpty) {
                    throw UserSQLError("`;` \(position) ends a statement: one \(what) only")
                }
            case .parameter:
                throw UserSQLError("the parameter `\(shown)` \(position) has no value here: write the value itself")
            default:
                break
            }
        }
        if let unclosed = open.last {
            throw UserSQLError("`(` at character \(text[..<unclosed.range.lowerBound].count + 1) is never closed")
        }
        return tokens
    }
}
