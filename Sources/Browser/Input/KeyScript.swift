/// Parses the vim key notation of `reef --keys` and `reef --script`.
///
/// Plain characters stand for themselves; special keys are written in angle brackets, case
/// insensitive: `<Enter>` (`<CR>`), `<Esc>`, `<Tab>`, `<S-Tab>`, `<BS>`, `<Del>`, `<Up>`,
/// `<Down>`, `<Left>`, `<Right>`, `<PgUp>`, `<PgDn>`, `<Home>`, `<End>`, `<Insert>`, Shift with
/// an arrow, `Home` or `End` (`<S-Left>`, `<S-Up>`, `<S-Home>`…), `<F1>`..`<F12>`, `<C-x>` for
/// control plus a letter, `<Space>` and `<lt>` for a literal `<`.
/// Two script actions exist: `<wait:MS>` pauses MS milliseconds and `<dump>` prints the screen.
///
/// A `<` that does not open a bracketed name (as in `a<b` or `<3`) is a literal `<`; a bracketed
/// name that is not known (`<Foo>`), or a known one left unclosed (`<Enter` at the end) or cut
/// short (`<Ent`, `<C-`), is an error naming it and its position.
///
/// ```swift
/// try KeyScript.parse("jj<C-f><wait:200><dump>q")
/// // [.key(.character("j")), .key(.character("j")), .key(.control("f")),
/// //  .wait(milliseconds: 200), .dump, .key(.character("q"))]
/// ```
enum KeyScript {
    /// Parses a `--keys` argument. A newline in it is `<Enter>`, a tab `<Tab>`.
    ///
    /// - Throws: ``KeyScriptError`` for an unknown `<Name>` or an unexpected control character.
    static func parse(_ keys: String) throws(KeyScriptError) -> [ScriptStep] {
        try parseLine(Array(keys), file: nil, line: 1)
    }

    /// Parses the contents of a `--script` file.
    ///
    /// Same notation as ``parse(_:)``, but the file's line breaks are ignored (write `<Enter>`
    /// to press Enter) and a line whose first character is `#` is a comment. Spaces are keys.
    ///
    /// - Parameters:
    ///   - contents: The file's text.
    ///   - file: The file name, for error messages.
    /// - Throws: ``KeyScriptError`` naming the file, line and column.
    static func parseScript(_ contents: String, file: String) throws(KeyScriptError) -> [ScriptStep] {
        var steps: [ScriptStep] = []
        let lines = contents.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        for (offset, line) in lines.enumerated() where line.first != "#" {
            steps += try parseLine(Array(line), file: file, line: offset + 1)
        }
        return steps
    }

    /// The step a bracketed name stands for (without brackets, any case), or nil if unknown.
    ///
    /// `name("wait:x")` is nil too; ``parse(_:)`` reports a bad duration separately.
    static func step(named name: String) -> ScriptStep? {
        let lower = name.lowercased()
        if let key = namedKeys[lower] {
            return .key(key)
        }
        if lower == "dump" {
            return .dump
        }
        if lower.hasPrefix("wait:"), let milliseconds = Int(lower.dropFirst(5)), milliseconds >= 0 {
            return .wait(milliseconds: milliseconds)
        }
        if lower.hasPrefix("f"), let number = Int(lower.dropFirst()), (1...12).contains(number),
           !lower.dropFirst().hasPrefix("0") {
            return .key(.function(number))
        }
        if lower.hasPrefix("c-"), lower.count == 3, let letter = lower.last, letter.isASCII, letter.isLetter {
            return .key(.control(letter))
        }
        return nil
    }

    // MARK: - Private

    /// Special keys by lower-case name.
    private static let namedKeys: [String: Key] = [
        "enter": .enter, "cr": .enter, "return": .enter,
        "esc": .escape, "escape": .escape,
        "tab": .tab, "s-tab": .backTab,
        "bs": .backspace, "backspace": .backspace,
        "del": .delete, "delete": .delete,
        "up": .up, "down": .down, "left": .left, "right": .right,
        "pgup": .pageUp, "pageup": .pageUp, "pgdn": .pageDown, "pagedown": .pageDown,
        "home": .home, "end": .end, "insert": .insert, "ins": .insert,
        "s-up": .shiftUp, "s-down": .shiftDown, "s-left": .shiftLeft, "s-right": .shiftRight,
        "s-home": .shiftHome, "s-end": .shiftEnd,
        "space": .character(" "), "lt": .character("<"),
    ]

    /// Parses one line of characters; `line` and the column are for error messages.
    private static func parseLine(_ characters: [Character], file: String?, line: Int) throws(KeyScriptError) -> [ScriptStep] {
        var steps: [ScriptStep] = []
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "<", let close = bracketedNameEnd(characters, openingAt: index) {
                let name = String(characters[(index + 1)..<close])
                guard let step = step(named: name) else {
                    throw KeyScriptError(problem: problem(forUnknown: name), token: "<\(name)>",
                                         file: file, line: line, column: index + 1)
                }
                steps.append(step)
                index = close + 1
                continue
            }
            if character == "<", let (name, meant) = unclosedName(characters, openingAt: index) {
                let problem = name == meant ? "<\(name) is not closed: write <\(name)>, or <lt> for a literal <"
                    : "<\(name) is not a whole key name: write <\(meant)>, or <lt> for a literal <"
                throw KeyScriptError(problem: problem, token: "<\(name)", file: file, line: line, column: index + 1)
            }
            steps.append(.key(try key(for: character, file: file, line: line, column: index + 1)))
            index += 1
        }
        return steps
    }

    /// The index of the `>` closing a bracketed name that starts at `open`, or nil when the `<`
    /// is a literal: the name must start with a letter and hold only letters, digits, `-`, `:`, `_`.
    private static func bracketedNameEnd(_ characters: [Character], openingAt open: Int) -> Int? {
        var index = open + 1
        guard index < characters.count, characters[index].isASCII, characters[index].isLetter else {
            return nil
        }
        while index < characters.count {
            let character = characters[index]
            if character == ">" {
                return index
            }
            guard character.isASCII, character.isLetter || character.isNumber || "-:_".contains(character) else {
                return nil
            }
            index += 1
        }
        return nil
    }

    /// The name after a `<` at `open` that is not closed by `>` but is a known name or the start
    /// of one, two letters at least (`<Enter` or `<Ent` followed by a space or the end of the
    /// line, `<C-`): surely a typo, not a literal `<`. Returns it with the name it looks meant to be.
    private static func unclosedName(_ characters: [Character], openingAt open: Int) -> (String, String)? {
        let name = String(characters[(open + 1)...].prefix { $0.isASCII && ($0.isLetter || $0.isNumber || "-:_".contains($0)) })
        guard let first = name.first, first.isLetter else {
            return nil
        }
        if step(named: name) != nil {
            return (name, name)
        }
        let lower = name.lowercased()
        let spelled = ["Enter", "Esc", "Tab", "S-Tab", "BS", "Del", "Up", "Down", "Left", "Right", "PgUp", "PgDn", "Home",
                       "End", "Insert", "S-Up", "S-Down", "S-Left", "S-Right", "S-Home", "S-End", "Space", "lt", "dump",
                       "wait:500", "C-x", "F1"]
        // One letter is too little to tell a typo from a literal (`a<b`).
        guard name.count >= 2 else {
            return nil
        }
        return spelled.first { $0.lowercased().hasPrefix(lower) }.map { (name, $0) }
    }

    /// The key for a character typed as it is.
    private static func key(for character: Character, file: String?, line: Int, column: Int) throws(KeyScriptError) -> Key {
        if character.isNewline {
            return .enter
        }
        switch character {
        case "\t":
            return .tab
        case "\u{1B}":
            return .escape
        default:
            break
        }
        if let scalar = character.unicodeScalars.first, Sanitizer.needsReplacement(scalar) {
            let shown = Sanitizer.sanitize(String(character))
            throw KeyScriptError(problem: "control character \(shown) is not allowed; use the <Name> notation",
                                 token: shown, file: file, line: line, column: column)
        }
        return .character(character)
    }

    /// The message for an unknown bracketed name.
    private static func problem(forUnknown name: String) -> String {
        let lower = name.lowercased()
        if lower.hasPrefix("wait:") {
            return "invalid wait duration in <\(name)>: expected milliseconds, e.g. <wait:500>"
        }
        if lower.hasPrefix("c-") {
            return "unknown key <\(name)>: <C-x> takes one letter"
        }
        return "unknown key <\(name)>; write <lt> for a literal <"
    }
}
