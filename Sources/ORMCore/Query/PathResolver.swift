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

    /// The text with every relationship path replaced by `"alias"."column"`.
    mutating func rewrite(_ text: String) throws -> String {
        var output = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "'" {
                let end = endOfQuoted(text, from: index, quote: "'")
                output += text[index..<end]
                index = end
            } else if isIdentifierStart(character) || character == "\"" {
                let (segments, end) = readPath(text, from: index)
                let original = String(text[index..<end])
                let rest = text[end...].drop { $0 == " " }
                if let previous = output.last, previous == "." || isIdentifierPart(previous) {
                    output += original  // part of something already written (a qualified name, a number)
                } else {
                    output += try resolve(segments, original: original, followedByParenthesis: rest.first == "(")
                }
                index = end
            } else {
                output.append(character)
                index = text.index(after: index)
            }
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

    private func isIdentifierStart(_ character: Character) -> Bool {
        character == "_" || character.isLetter
    }

    private func isIdentifierPart(_ character: Character) -> Bool {
        character == "_" || character == "$" || character.isLetter || character.isNumber
    }

    private func endOfQuoted(_ text: String, from start: String.Index, quote: Character) -> String.Index {
        var index = text.index(after: start)
        while index < text.endIndex {
            if text[index] == quote {
                let next = text.index(after: index)
                if next < text.endIndex && text[next] == quote {
                    index = text.index(after: next)  // a doubled quote inside
                    continue
                }
                return next
            }
            index = text.index(after: index)
        }
        return text.endIndex
    }

    /// Reads `a.b."c d"` and returns its segments (unquoted) and where it ends.
    private func readPath(_ text: String, from start: String.Index) -> ([String], String.Index) {
        var segments: [String] = []
        var index = start
        while index < text.endIndex {
            if text[index] == "\"" {
                let end = endOfQuoted(text, from: index, quote: "\"")
                let inner = text[text.index(after: index)..<(end > text.index(after: index) ? text.index(before: end) : end)]
                segments.append(String(inner.replacing("\"\"", with: "\"")))
                index = end
            } else if isIdentifierStart(text[index]) {
                var end = index
                while end < text.endIndex && isIdentifierPart(text[end]) { end = text.index(after: end) }
                segments.append(String(text[index..<end]))
                index = end
            } else {
                break
            }
            guard index < text.endIndex, text[index] == "." else { break }
            let afterDot = text.index(after: index)
            guard afterDot < text.endIndex, text[afterDot] == "\"" || isIdentifierStart(text[afterDot]) else { break }
            index = afterDot
        }
        return (segments, index)
    }
}
