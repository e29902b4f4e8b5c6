import ORMCore

/// A statement with its arguments written in as literals, for showing pending changes.
enum SQLPreview {
    /// `sql`'s text with each `?` placeholder (outside quotes) replaced by its argument's literal.
    static func inline(_ sql: SQL) -> String {
        var result = ""
        var arguments = sql.arguments[...]
        var quote: Character?
        for character in sql.text {
            if let open = quote {
                if character == open {
                    quote = nil
                }
                result.append(character)
            } else if character == "'" || character == "\"" || character == "`" {
                quote = character
                result.append(character)
            } else if character == "[" {
                quote = "]"
                result.append(character)
            } else if character == "?", let argument = arguments.popFirst() {
                result += SQLInsertEncoder.literal(argument)
            } else {
                result.append(character)
            }
        }
        return result
    }
}
