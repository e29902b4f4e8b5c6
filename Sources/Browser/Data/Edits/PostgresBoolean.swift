/// PostgreSQL's `boolean` input, read as the server reads it (`parse_bool` in its source), so
/// that a cell edit is judged, and shown staged, before anything is sent.
///
/// Taken, ignoring case and surrounding white space: `true`, `yes`, `on`, `1` and `false`, `no`,
/// `off`, `0`, and any start of `true`, `false`, `yes` or `no` (`t`, `f`, `y`, `n`, `tr`…); `on`
/// and `of`/`off` need two letters at least (`o` alone could be either).
enum PostgresBoolean {
    /// Whether a column of catalog type `declaredType` (as `format_type` writes it) is a boolean.
    static func isBoolean(_ declaredType: String) -> Bool {
        let type = declaredType.trimmedWhitespace.lowercased()
        return type == "boolean" || type == "bool"
    }

    /// The boolean `text` spells, nil when PostgreSQL would refuse it.
    static func parse(_ text: String) -> Bool? {
        let word = text.trimmedWhitespace.lowercased()
        guard !word.isEmpty, word.unicodeScalars.allSatisfy(\.isASCII) else {
            return nil
        }
        switch word {
        case "1": return true
        case "0": return false
        default: break
        }
        if word.first == "o" {
            guard word.count >= 2 else { return nil }
            return "on" == word ? true : "off".hasPrefix(word) ? false : nil
        }
        if "true".hasPrefix(word) || "yes".hasPrefix(word) {
            return true
        }
        if "false".hasPrefix(word) || "no".hasPrefix(word) {
            return false
        }
        return nil
    }

    /// The server's own words for text it does not take as a boolean.
    static func invalidInputMessage(_ text: String) -> String {
        "invalid input syntax for type boolean: \"\(text)\""
    }
}
