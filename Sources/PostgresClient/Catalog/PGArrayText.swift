/// PostgreSQL's text form of a one-dimensional array (`{a,"b,c",NULL,"d\"e"}`): read into its
/// elements (what the server sends for `text[]` and `name[]` columns), and written from them (to bind
/// a list as one `text[]` parameter).
public enum PGArrayText {
    /// The text form of an array holding `elements`, nil ones as NULL: every element is quoted, with
    /// `\` and `"` escaped, so any text (commas, braces, quotes, the word NULL) comes back as it was.
    public static func literal(_ elements: [String?]) -> String {
        var text = "{"
        for (index, element) in elements.enumerated() {
            if index > 0 {
                text += ","
            }
            guard let element else {
                text += "NULL"
                continue
            }
            text += "\""
            for character in element.unicodeScalars {
                if character == "\\" || character == "\"" {
                    text += "\\"
                }
                text.unicodeScalars.append(character)
            }
            text += "\""
        }
        return text + "}"
    }

    /// The elements of `text`, NULL elements as nil; nil when `text` is not a one-dimensional array
    /// in the server's text form.
    public static func elements(_ text: String) -> [String?]? {
        var scalars = Substring(text).unicodeScalars[...]
        guard scalars.popFirst() == "{", scalars.popLast() == "}" else {
            return nil
        }
        var elements: [String?] = []
        if scalars.isEmpty {
            return elements
        }
        while true {
            if scalars.first == "\"" {
                scalars.removeFirst()
                var element = String.UnicodeScalarView()
                var closed = false
                while let scalar = scalars.popFirst() {
                    if scalar == "\\" {
                        guard let escaped = scalars.popFirst() else { return nil }
                        element.append(escaped)
                    } else if scalar == "\"" {
                        closed = true
                        break
                    } else {
                        element.append(scalar)
                    }
                }
                guard closed else { return nil }
                elements.append(String(element))
            } else {
                var element = String.UnicodeScalarView()
                while let scalar = scalars.first, scalar != "," {
                    guard scalar != "{", scalar != "\"" else { return nil }  // nested arrays, stray quotes
                    element.append(scalar)
                    scalars.removeFirst()
                }
                let word = String(element)
                guard !word.isEmpty else { return nil }
                elements.append(word.uppercased() == "NULL" ? nil : word)
            }
            guard let separator = scalars.popFirst() else {
                return elements
            }
            guard separator == "," else { return nil }
        }
    }
}
