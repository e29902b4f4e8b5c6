/// A command about named queries typed at the SQL prompt, as pgcli spells them: `\n` lists them,
/// `\n NAME` runs one, `\ns NAME QUERY` saves one, `\nd NAME` deletes one.
///
/// ```swift
/// NamedQueryCommand.parse("\\ns top SELECT * FROM t ORDER BY n DESC LIMIT 10")
/// // .save("top", query: "SELECT * FROM t ORDER BY n DESC LIMIT 10")
/// NamedQueryCommand.parse("SELECT 1")  // nil: SQL
/// ```
enum NamedQueryCommand: Equatable, Sendable {
    /// `\n`: list the named queries.
    case list
    /// `\n NAME`: run the query `NAME`.
    case run(String)
    /// `\ns NAME QUERY`: save `query` as `NAME`.
    case save(String, query: String)
    /// `\nd NAME`: delete the query `NAME`.
    case delete(String)
    /// A command without what it needs: how to write it.
    case usage(String)
    /// A backslash command reef does not know.
    case unknown(String)

    /// The command `text` holds, or nil when it is SQL (it does not start with `\`).
    static func parse(_ text: String) -> NamedQueryCommand? {
        let trimmed = text.drop { $0.isWhitespace }
        guard trimmed.first == "\\" else {
            return nil
        }
        let word = String(trimmed.prefix { !$0.isWhitespace })
        let rest = trimmed.dropFirst(word.count).drop { $0.isWhitespace }
        let name = String(rest.prefix { !$0.isWhitespace })
        let query = String(rest.dropFirst(name.count).drop { $0.isWhitespace }).trimmingTrailingBlanks
        switch word {
        case "\\n":
            return name.isEmpty ? .list : .run(name)
        case "\\ns":
            return name.isEmpty || query.isEmpty ? .usage("\\ns NAME QUERY saves QUERY as NAME") : .save(name, query: query)
        case "\\nd":
            return name.isEmpty ? .usage("\\nd NAME deletes the query NAME") : .delete(name)
        default:
            return .unknown(word)
        }
    }

    /// The SQL in `text` whose end `Enter` waits for: `text` itself, the query of `\ns NAME
    /// QUERY`, nothing for another command (it runs at once: also a ``DescribeCommand``, such as
    /// `.tables` or `\dt a*`, whose `*` would read as SQL waiting for more).
    static func sql(in text: String) -> String {
        if DescribeCommand.parse(text) != nil {
            return ""
        }
        return switch parse(text) {
        case nil: text
        case .save(_, let query): query
        default: ""
        }
    }
}

private extension String {
    /// The text without the blanks and line breaks at its end.
    var trimmingTrailingBlanks: String {
        var text = self
        while text.last?.isWhitespace == true {
            text.removeLast()
        }
        return text
    }
}
