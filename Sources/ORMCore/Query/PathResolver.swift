/// Rewrites dot-notation paths through to-one relationships (`department.location.city`) into
/// qualified columns of LEFT JOINed tables, outside string literals, at any depth.
struct PathResolver {
    let root: EntityDescription
    /// Names that already qualify columns (the root table and explicitly joined tables): left alone.
    let qualifiers: Set<String>
    private(set) var joins: [String] = []
    private var aliases: [String: (alias: String, entity: EntityDescription)] = [:]

    init(root: EntityDescription, qualifiers: Set<String>) {
        self.root = root
        self.qualifiers = Set(qualifiers.map { $0.lowercased() })
    }

    /// The text with every relationship path replaced by `"alias"."column"` (strings, comments and
    /// other tokens are left as they are).
    mutating func rewrite(_ text: String) throws -> String {
        let tokens = SQLToken.tokens(in: text)
        var output = ""
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            guard Self.segment(token, in: text) != nil else {
                output += text[token.range]
                index += 1
                continue
            }
            let (segments, end) = Self.readPath(tokens, from: index, in: text)
            let original = String(text[token.range.lowerBound..<tokens[end - 1].range.upperBound])
            let next = tokens[end...].first { !$0.isTrivia }
            if index > 0, Self.continuesPrevious(tokens[index - 1], in: text) {
                output += original  // part of something already written (a qualified name, a number)
            } else {
                output += try resolve(segments, original: original, followedByParenthesis: next?.kind == .openParenthesis)
            }
            index = end
        }
        return output
    }

    private mutating func resolve(_ segments: [String], original: String, followedByParenthesis: Bool)
        throws -> String
    {
        if segments.count == 1 {
            // A bare column of the root entity is qualified, so joins never make it ambiguous;
            // keywords and function names written without quotes are left alone.
            let name = segments[0]
            let quoted = original.hasPrefix("\"")
            guard !followedByParenthesis, root.columns.contains(name) || root.keyColumns.contains(name),
                quoted || !Self.keywords.contains(name.uppercased())
            else { return original }
            return "\(quoteIdentifier(root.table)).\(quoteIdentifier(name))"
        }
        guard !qualifiers.contains(segments[0].lowercased()), root.relationships[segments[0]] != nil else {
            return original
        }
        var entity = root
        var alias = root.table
        var path = ""
        for segment in segments.dropLast() {
            guard let relationship = entity.relationships[segment], let target = relationship.target() else {
                throw ORMError.invalidQuery("\(segment) in \(original) is not a to-one relationship of \(entity.table)")
            }
            path += "." + segment
            if let known = aliases[path] {
                alias = known.alias
                entity = known.entity
                continue
            }
            let next = "orm_path_\(aliases.count + 1)"
            joins.append(
                "LEFT JOIN \(quoteIdentifier(target.table)) AS \(quoteIdentifier(next)) ON "
                    + "\(quoteIdentifier(next)).\(quoteIdentifier(relationship.targetColumn)) = "
                    + "\(quoteIdentifier(alias)).\(quoteIdentifier(relationship.column))")
            aliases[path] = (next, target)
            alias = next
            entity = target
        }
        return "\(quoteIdentifier(alias)).\(quoteIdentifier(segments[segments.count - 1]))"
    }

    /// SQL keywords that may stand where a column name could (an unquoted column by one of these names
    /// is taken as the keyword, as SQLite itself mostly does).
    static let keywords: Set<String> = [
        "AND", "OR", "NOT", "IS", "NULL", "IN", "LIKE", "GLOB", "REGEXP", "MATCH", "BETWEEN", "ESCAPE", "COLLATE",
        "NOCASE", "RTRIM", "BINARY", "CASE", "WHEN", "THEN", "ELSE", "END", "EXISTS", "SELECT", "FROM", "WHERE",
        "DISTINCT", "ASC", "DESC", "TRUE", "FALSE", "CAST", "AS", "ISNULL", "NOTNULL", "CURRENT_DATE",
        "CURRENT_TIME", "CURRENT_TIMESTAMP", "LIMIT", "OFFSET", "ORDER", "BY", "GROUP", "HAVING", "NULLS", "FIRST",
        "LAST", "INTEGER", "TEXT", "REAL", "BLOB", "NUMERIC", "ROWID",
    ]

    /// The name a token gives as a path segment: a bare word, or a name in double quotes
    /// (unquoted); nil for any other token.
    private static func segment(_ token: SQLToken, in text: String) -> String? {
        let piece = text[token.range]
        switch token.kind {
        case .word:
            return String(piece)
        case .quotedName where piece.hasPrefix("\"") && token.isClosed:
            return token.unquoted(in: text)
        default:
            return nil
        }
    }

    /// Whether a path right after `token` continues what it wrote (`x.` or a number, with no blank
    /// between) rather than starting afresh.
    private static func continuesPrevious(_ token: SQLToken, in text: String) -> Bool {
        token.kind == .number || token.kind == .parameter || (token.kind == .operator && text[token.range] == ".")
    }

    /// Reads `a.b."c d"` from `start` and returns its segments (unquoted) and the index of the
    /// token after it.
    private static func readPath(_ tokens: [SQLToken], from start: Int, in text: String) -> ([String], Int) {
        var segments: [String] = []
        var index = start
        while index < tokens.count, let segment = segment(tokens[index], in: text) {
            segments.append(segment)
            index += 1
            guard index + 1 < tokens.count, tokens[index].kind == .operator, text[tokens[index].range] == ".",
                  Self.segment(tokens[index + 1], in: text) != nil
            else {
                break
            }
            index += 1
        }
        return (segments, index)
    }
}
