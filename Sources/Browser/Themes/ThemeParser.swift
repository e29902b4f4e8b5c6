/// Reads the human-editable theme format (documented in `themes/README.md`).
///
/// ```
/// # Reef theme: element = foreground background [attributes...]
/// name = Solarized Dark
/// inherits = default
/// header = #268bd2 default bold
/// null = bright-black default italic
/// ```
///
/// Blank lines and lines starting with `#` are ignored. Colours are `default`, the 16 ANSI names
/// (`black`..`white`, `bright-black`..`bright-white`), `color0`..`color255` or `#rrggbb`;
/// attributes are `bold dim italic underline reverse`. Names are case-insensitive. Elements the
/// file does not set come from the theme it inherits, by default the built-in default theme.
enum ThemeParser {
    /// Parses a theme file and fills the elements it leaves out from its parent.
    ///
    /// - Parameters:
    ///   - text: The file's contents.
    ///   - file: The file name, for error messages.
    ///   - themes: Finds a theme by the name given in `inherits =`; by default the built-in ones.
    /// - Throws: ``ThemeError`` with the line number of the first problem.
    static func parse(_ text: String, file: String, themes: (String) -> Theme? = Theme.builtin(named:)) throws(ThemeError) -> Theme {
        let definition = try parseDefinition(text, file: file)
        var base = Theme.builtinDefault
        if let parentName = definition.inherits {
            guard let parent = themes(parentName) else {
                let line = lineNumber(ofSetting: "inherits", in: text)
                throw ThemeError(file: file, line: line, problem: "unknown theme \"\(parentName)\" to inherit from")
            }
            base = parent
        }
        return Theme(name: definition.name ?? file, styles: definition.styles, base: base)
    }

    /// Parses a theme file with an explicit base; with a nil base, missing elements are plain.
    ///
    /// `inherits =` is ignored here: the caller chose the base.
    static func parse(_ text: String, file: String, base: Theme?) throws(ThemeError) -> Theme {
        let definition = try parseDefinition(text, file: file)
        return Theme(name: definition.name ?? file, styles: definition.styles, base: base)
    }

    /// Parses a theme file into exactly what it says, without filling gaps.
    ///
    /// - Throws: ``ThemeError`` for a line without `=`, an unknown element, an element set twice,
    ///   a bad colour or attribute, or a missing colour.
    static func parseDefinition(_ text: String, file: String) throws(ThemeError) -> ThemeDefinition {
        var definition = ThemeDefinition(name: nil, inherits: nil, styles: [:])
        var seen: [String: Int] = [:]
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        for (offset, rawLine) in lines.enumerated() {
            let number = offset + 1
            let line = trimmed(rawLine)
            if line.isEmpty || line.hasPrefix("#") {
                continue
            }
            guard let equals = line.firstIndex(of: "=") else {
                throw ThemeError(file: file, line: number,
                                 problem: "expected \"element = foreground background [attributes]\", got \"\(Sanitizer.sanitize(line))\"")
            }
            let key = trimmed(line[..<equals])
            let value = trimmed(line[line.index(after: equals)...])
            let lowerKey = key.lowercased()
            if let firstLine = seen[lowerKey] {
                throw ThemeError(file: file, line: number, problem: "\"\(key)\" is already set on line \(firstLine)")
            }
            seen[lowerKey] = number
            switch lowerKey {
            case "name":
                definition.name = value
            case "inherits":
                definition.inherits = value
            default:
                guard let element = elementsByLowercasedName[lowerKey] else {
                    throw ThemeError(file: file, line: number, problem: "unknown element \"\(Sanitizer.sanitize(key))\"")
                }
                do {
                    definition.styles[element] = try parseStyle(value)
                } catch {
                    throw ThemeError(file: file, line: number, problem: "\(key): \(error.problem)")
                }
            }
        }
        return definition
    }

    /// Parses `foreground background [attributes...]`.
    ///
    /// - Throws: A ``StyleProblem`` describing the first bad word.
    static func parseStyle(_ value: String) throws(StyleProblem) -> Style {
        let words = value.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard words.count >= 2 else {
            throw StyleProblem(problem: "expected a foreground and a background colour, got \"\(Sanitizer.sanitize(value))\"")
        }
        guard let foreground = parseColor(words[0]) else {
            throw StyleProblem(problem: badColour(words[0]))
        }
        guard let background = parseColor(words[1]) else {
            throw StyleProblem(problem: badColour(words[1]))
        }
        var attributes: Attributes = []
        for word in words.dropFirst(2) {
            guard let attribute = Attributes.named.first(where: { $0.name == word.lowercased() })?.attribute else {
                throw StyleProblem(problem: "unknown attribute \"\(Sanitizer.sanitize(word))\" (use bold, dim, italic, underline, reverse)")
            }
            attributes.insert(attribute)
        }
        return Style(foreground: foreground, background: background, attributes: attributes)
    }

    /// Parses one colour word, or nil when it is not a colour.
    static func parseColor(_ word: String) -> Color? {
        let lower = word.lowercased()
        if lower == "default" {
            return .default
        }
        if let index = ansiNames.firstIndex(of: lower) {
            return .ansi(UInt8(index))
        }
        if lower.hasPrefix("bright-"), let index = ansiNames.firstIndex(of: String(lower.dropFirst(7))) {
            return .ansi(UInt8(index + 8))
        }
        if lower.hasPrefix("color") {
            let digits = lower.dropFirst(5)
            if !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let number = UInt8(digits) {
                return .indexed(number)
            }
        }
        if lower.hasPrefix("#"), lower.utf8.count == 7, let rgb = UInt32(lower.dropFirst(), radix: 16),
           lower.dropFirst().allSatisfy(\.isHexDigit) {
            return .rgb(UInt8(rgb >> 16), UInt8((rgb >> 8) & 0xFF), UInt8(rgb & 0xFF))
        }
        return nil
    }

    /// The names of ANSI colours 0-7; `bright-` plus a name gives 8-15.
    static let ansiNames = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

    /// A problem in a style value, before the file and line are known.
    struct StyleProblem: Error, Equatable {
        /// What is wrong.
        var problem: String
    }

    // MARK: - Private

    /// Elements by lower-cased name, so `cursorcell` and `cursorCell` both work.
    private static let elementsByLowercasedName: [String: ThemeElement] = Dictionary(
        uniqueKeysWithValues: ThemeElement.allCases.map { ($0.rawValue.lowercased(), $0) }
    )

    /// The message for a word that is not a colour.
    private static func badColour(_ word: String) -> String {
        "unknown colour \"\(Sanitizer.sanitize(word))\" (use default, black..white, bright-black..bright-white, color0..color255 or #rrggbb)"
    }

    /// `text` without surrounding spaces and tabs.
    private static func trimmed(_ text: Substring) -> String {
        var slice = text
        while let first = slice.first, first == " " || first == "\t" {
            slice = slice.dropFirst()
        }
        while let last = slice.last, last == " " || last == "\t" {
            slice = slice.dropLast()
        }
        return String(slice)
    }

    /// `text` without surrounding spaces and tabs.
    private static func trimmed(_ text: String) -> String {
        trimmed(text[...])
    }

    /// The line on which `setting =` appears, or 0.
    private static func lineNumber(ofSetting setting: String, in text: String) -> Int {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        for (offset, line) in lines.enumerated() {
            let content = trimmed(line)
            if let equals = content.firstIndex(of: "="), trimmed(content[..<equals]).lowercased() == setting {
                return offset + 1
            }
        }
        return 0
    }
}
