import ORMCore

/// An open input line: its text, cursor and place in the history, edited key by key.
///
/// At the SQL prompt the text may span several lines (an editor): `Enter` in an unfinished
/// statement goes on to a new line (``EditorStatements/isUnfinished(_:dialect:)``), `Ctrl-J`
/// always does, `Ctrl-O` runs the statement under the cursor, `Ctrl-P` shows its plan; arrows,
/// `Home` and `End` move within and across lines (see `PromptState+Lines.swift`). Shift with them
/// selects: `Ctrl-O` and `Ctrl-P` then take the selection, and typing replaces it
/// (`PromptState+Selection.swift`). `Ctrl-T`, `PgUp`, `PgDn` and `Ctrl-D` ask for another of the
/// editor's buffers (``SQLBuffers``).
struct PromptState: Sendable {
    /// What happened to the prompt after a key.
    enum Event: Equatable, Sendable {
        /// The text or cursor changed (or nothing did).
        case edited
        /// Enter: use the text.
        case submitted(String)
        /// Escape: close without using it.
        case cancelled
        /// Ctrl-X at the SQL prompt: edit the text in the user's editor.
        case openEditor(String)
        /// Ctrl-O at the SQL prompt: run `statement`, which starts at character `start` of the
        /// whole text `buffer`.
        case runStatement(String, start: Int, buffer: String)
        /// Ctrl-P at the SQL prompt: show the plan of `statement`, which starts at character
        /// `start` of the whole text `buffer`.
        case explainStatement(String, start: Int, buffer: String)
        /// Ctrl-T at the SQL prompt: a new empty buffer.
        case newBuffer
        /// PgDn (1) or PgUp (-1) at the SQL prompt: the next or previous buffer.
        case switchBuffer(by: Int)
        /// Ctrl-D at the SQL prompt: close this buffer (asking first when it holds text).
        case closeBuffer
    }

    /// What the prompt asks for.
    var kind: PromptKind
    /// The text typed.
    var text: String
    /// The cursor, in characters from the start of `text`.
    var cursor: Int
    /// Earlier entries of this kind, oldest first.
    var history: [String]
    /// The history entry shown, nil while editing a new entry.
    var historyIndex: Int?
    /// The new entry being typed, kept while browsing the history.
    var draft: String = ""
    /// A word about the last attempt (the editor left the SQL unchanged, say), shown before the
    /// label until the next key.
    var note: String?
    /// The list of completions open above the prompt (`Tab` at the SQL and filter prompts).
    var completions: CompletionMenu?
    /// The `Ctrl-R` search of the history under way.
    var search: HistorySearch?
    /// How the SQL prompt's text is cut into statements (the database's tokenizer).
    var dialect: SQLDialect = .sqlite
    /// The error of the statement last run from this text, marked in it until the text changes.
    var failure: EditorFailure?
    /// The first line of the text in sight when it spans more lines than the editor shows.
    var firstVisibleLine = 0
    /// Where the selection started (Shift with the arrows), the cursor being its other end; nil
    /// when nothing is selected.
    var selectionAnchor: Int?
    /// Which of the SQL editor's buffers this is, shown in the label when there are several.
    var buffer: SQLBuffers.Position?

    /// Opens a prompt with `text` already typed.
    init(kind: PromptKind, text: String = "", history: [String] = []) {
        self.kind = kind
        self.text = text
        self.cursor = text.count
        self.history = history
    }

    /// The widget that draws it.
    var widget: Prompt {
        Prompt(label: (note.map { "(\(Sanitizer.sanitize($0))) " } ?? "") + (search?.label ?? "") + (buffer?.label ?? kind.label),
               text: text, cursor: cursor,
               highlights: kind.isSQL ? SQLHighlighter.elements(of: text) : nil, selection: selection)
    }

    /// Whether it is drawn as the SQL editor of several lines (``editor(rows:)``) rather than one line.
    var isEditor: Bool {
        kind == .sql && (text.contains("\n") || failure != nil)
    }

    /// The SQL editor that draws it, `rows` lines in sight at most, the error marked.
    func editor(rows: Int) -> MultilinePrompt {
        let place = failure?.offset.map { offset -> String in
            let (line, column) = lineAndColumn(of: offset)
            return lineCount == 1 ? "column \(column + 1): " : "line \(line + 1), column \(column + 1): "
        } ?? ""
        return MultilinePrompt(label: widget.label, text: text, cursor: cursor, highlights: SQLHighlighter.elements(of: text),
                               firstLine: firstVisibleLine, rows: rows,
                               header: failure.map { "✗ " + place + $0.message }, mark: failure?.offset,
                               selection: selection)
    }

    /// Applies one key. `schema` gives what `Tab` completes from at the SQL and filter prompts
    /// (asked for only when completing).
    mutating func handle(_ key: Key, schema: () -> CompletionSchema? = { nil }) -> Event {
        note = nil
        let before = text
        defer {
            if text != before {
                failure = nil  // the marked place is no longer where the error was
            }
        }
        if search != nil || completions != nil {
            selectionAnchor = nil  // what they put in the text replaces no selection
        }
        if search != nil, let event = handleSearch(key) {
            return event
        }
        if completions != nil, let event = handleCompletions(key, schema: schema) {
            return event
        }
        return edit(key, schema: schema)
    }

    /// Applies one key to the text (no list or search open).
    mutating func edit(_ key: Key, schema: () -> CompletionSchema?) -> Event {
        if extendSelection(key) {
            return .edited
        }
        switch key {
        case .backspace where selection != nil, .delete where selection != nil:
            _ = deleteSelection()
            return .edited
        case .character:
            _ = deleteSelection()  // typed in its place
        case .control("o") where kind == .sql, .control("p") where kind == .sql, .mouse, .resize:
            break
        default:
            selectionAnchor = nil  // a move without Shift, or another edit
        }
        var characters = Array(text)
        switch key {
        case .tab where kind.isSQL || kind == .joinTable:
            if let schema = schema() {
                complete(with: schema)
            }
            return .edited
        case .control("r"):
            guard !history.isEmpty else {
                note = "no earlier entries"
                return .edited
            }
            search = HistorySearch(original: text, originalCursor: cursor)
            return .edited
        case .enter where kind == .sql && EditorStatements.isUnfinished(NamedQueryCommand.sql(in: text), dialect: dialect),
             .control("j") where kind == .sql:
            characters.insert("\n", at: cursor)
            cursor += 1
        case .enter:
            return .submitted(text)
        case .control("o") where kind == .sql:
            if let run = selectedStatement() {
                return run
            }
            guard let statement = EditorStatements.statement(at: cursor, in: text, dialect: dialect) else {
                note = "no statement here"
                return .edited
            }
            return .runStatement(statement.text, start: statement.start, buffer: text)
        case .control("p") where kind == .sql:
            if let selected = selectedStatement() {
                guard case .runStatement(let statement, let start, let buffer) = selected else {
                    return selected
                }
                return .explainStatement(statement, start: start, buffer: buffer)
            }
            guard let statement = EditorStatements.statement(at: cursor, in: text, dialect: dialect) else {
                note = "no statement here"
                return .edited
            }
            return .explainStatement(statement.text, start: statement.start, buffer: text)
        case .escape:
            return .cancelled
        case .character(let character):
            characters.insert(character, at: cursor)
            cursor += 1
        case .backspace:
            guard cursor > 0 else {
                return characters.isEmpty ? .cancelled : .edited
            }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .delete:
            if cursor < characters.count {
                characters.remove(at: cursor)
            }
        case .left:
            cursor = max(0, cursor - 1)
        case .right:
            cursor = min(characters.count, cursor + 1)
        case .home, .control("a"):
            cursor = lineStart(in: characters)
        case .end, .control("e"):
            cursor = lineEnd(in: characters)
        case .control("u"):
            let start = lineStart(in: characters)
            characters.removeSubrange(start..<cursor)
            cursor = start
        case .control("k"):
            // To the line's end; at its end, the line break (the next line joins this one).
            let end = lineEnd(in: characters)
            characters.removeSubrange(cursor..<(end == cursor ? min(end + 1, characters.count) : end))
        case .control("w"):
            let start = Self.wordStart(before: cursor, in: characters)
            characters.removeSubrange(start..<cursor)
            cursor = start
        case .control("x") where kind == .sql:
            return .openEditor(text)
        case .control("t") where kind == .sql:
            return .newBuffer
        case .pageDown where kind == .sql:
            return .switchBuffer(by: 1)
        case .pageUp where kind == .sql:
            return .switchBuffer(by: -1)
        case .control("d") where kind == .sql:
            return .closeBuffer
        case .up where lineOfCursor > 0:
            moveLine(by: -1)
            return .edited
        case .down where lineOfCursor < lineCount - 1:
            moveLine(by: 1)
            return .edited
        case .up:
            if !recall(older: true) {
                note = history.isEmpty ? "no earlier entries" : "no earlier entry"
            }
            return .edited
        case .down:
            if !recall(older: false) {
                note = "no later entry"
            }
            return .edited
        case .mouse, .resize:
            return .edited
        default:
            note = "\(key) is not a key here"
            return .edited
        }
        text = String(characters)
        return .edited
    }

    /// Where the word before `position` starts: back over blanks, then over the word.
    static func wordStart(before position: Int, in characters: [Character]) -> Int {
        var start = position
        while start > 0 && characters[start - 1].isWhitespace {
            start -= 1
        }
        while start > 0 && !characters[start - 1].isWhitespace {
            start -= 1
        }
        return start
    }

    /// Shows the previous or next history entry; returns false when there is none that way.
    private mutating func recall(older: Bool) -> Bool {
        guard !history.isEmpty else {
            return false
        }
        if older {
            if historyIndex == nil {
                draft = text
                historyIndex = history.count - 1
            } else if let index = historyIndex, index > 0 {
                historyIndex = index - 1
            } else {
                return false
            }
        } else if let index = historyIndex {
            historyIndex = index + 1 < history.count ? index + 1 : nil
        } else {
            return false
        }
        text = historyIndex.map { history[$0] } ?? draft
        cursor = text.count
        return true
    }
}
