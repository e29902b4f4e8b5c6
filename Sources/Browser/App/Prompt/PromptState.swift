/// An open input line: its text, cursor and place in the history, edited key by key.
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

    /// Opens a prompt with `text` already typed.
    init(kind: PromptKind, text: String = "", history: [String] = []) {
        self.kind = kind
        self.text = text
        self.cursor = text.count
        self.history = history
    }

    /// The widget that draws it.
    var widget: Prompt {
        Prompt(label: (note.map { "(\(Sanitizer.sanitize($0))) " } ?? "") + (search?.label ?? "") + kind.label,
               text: text, cursor: cursor,
               highlights: kind.isSQL ? SQLHighlighter.elements(of: text) : nil)
    }

    /// Applies one key. `schema` gives what `Tab` completes from at the SQL and filter prompts
    /// (asked for only when completing).
    mutating func handle(_ key: Key, schema: () -> CompletionSchema? = { nil }) -> Event {
        note = nil
        if search != nil, let event = handleSearch(key) {
            return event
        }
        if completions != nil, let event = handleCompletions(key, schema: schema) {
            return event
        }
        return edit(key, schema: schema)
    }

    /// Applies one key to the text (no list or search open).
    private mutating func edit(_ key: Key, schema: () -> CompletionSchema?) -> Event {
        var characters = Array(text)
        switch key {
        case .tab where kind.isSQL:
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
        case .enter:
            return .submitted(text)
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
            cursor = 0
        case .end, .control("e"):
            cursor = characters.count
        case .control("u"):
            characters.removeFirst(cursor)
            cursor = 0
        case .control("w"):
            let start = Self.wordStart(before: cursor, in: characters)
            characters.removeSubrange(start..<cursor)
            cursor = start
        case .control("x") where kind == .sql:
            return .openEditor(text)
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

    // MARK: - Completion

    /// `Tab`: inserts the only candidate, or the text all candidates start with; when that adds
    /// nothing (a second `Tab`, or candidates that differ at once) opens the list of them.
    private mutating func complete(with schema: CompletionSchema) {
        let completion: SQLCompletion
        switch SQLCompletion.complete(text, cursor: cursor, schema: schema, filter: kind == .filter) {
        case .failure(let refusal):
            note = refusal.note
            return
        case .success(let found):
            completion = found
        }
        let candidates = completion.candidates
        guard let first = candidates.first else {
            note = "no completions"
            return
        }
        if candidates.count == 1 {
            accept(first, replacing: completion.range)
            return
        }
        let typed = Array(text)[completion.range]
        let common = Self.commonPrefix(candidates.map(\.insertion))
        if common.count > typed.count {
            replace(completion.range, with: common)
            return
        }
        completions = CompletionMenu(completion: completion)
    }

    /// Keys while the list is open: `Tab` and arrows move in it, Enter accepts, Esc closes it;
    /// text typed narrows it. Returns nil for a key that closes it and edits as usual.
    private mutating func handleCompletions(_ key: Key, schema: () -> CompletionSchema?) -> Event? {
        guard var menu = completions else {
            return nil
        }
        switch key {
        case .tab, .down:
            menu.move(by: 1)
        case .backTab, .up:
            menu.move(by: -1)
        case .pageDown:
            menu.move(by: min(CompletionMenu.height, menu.completion.candidates.count - 1 - menu.selected))
        case .pageUp:
            menu.move(by: -min(CompletionMenu.height, menu.selected))
        case .enter:
            completions = nil
            if let chosen = menu.chosen {
                accept(chosen, replacing: menu.completion.range)
            }
            return .edited
        case .escape:
            completions = nil
            return .edited
        case .mouse, .resize:
            return .edited
        case .character, .backspace:
            completions = nil
            let event = edit(key, schema: schema)
            // Still the same word: the list narrows to what matches it now.
            if let schema = schema(),
               case .success(let narrowed) = SQLCompletion.complete(text, cursor: cursor, schema: schema, filter: kind == .filter),
               narrowed.range.lowerBound == menu.completion.range.lowerBound, !narrowed.candidates.isEmpty,
               cursor > narrowed.range.lowerBound {
                completions = CompletionMenu(completion: narrowed)
            }
            return event
        default:
            completions = nil
            return nil
        }
        completions = menu
        return .edited
    }

    /// Puts `candidate` in place of `range`: a keyword with a space after it.
    private mutating func accept(_ candidate: CompletionCandidate, replacing range: Range<Int>) {
        replace(range, with: candidate.insertion + (candidate.kind == .keyword ? " " : ""))
    }

    /// Replaces the characters at `range` with `insertion`, the cursor after it.
    private mutating func replace(_ range: Range<Int>, with insertion: String) {
        var characters = Array(text)
        let range = range.clamped(to: 0..<characters.count)
        characters.replaceSubrange(range, with: Array(insertion))
        text = String(characters)
        cursor = range.lowerBound + insertion.count
    }

    /// The longest start all `words` share, ignoring case, spelled as the first one.
    static func commonPrefix(_ words: [String]) -> String {
        guard let first = words.first.map(Array.init) else {
            return ""
        }
        var length = first.count
        for word in words.dropFirst() {
            let other = Array(word)
            var shared = 0
            while shared < min(length, other.count)
                    && first[shared].lowercased() == other[shared].lowercased() {
                shared += 1
            }
            length = shared
        }
        return String(first[..<length])
    }

    // MARK: - History search

    /// Keys while `Ctrl-R` searches: text narrows, `Ctrl-R` goes to an older match, Enter takes
    /// the match into the line, Esc (or `Ctrl-G`) gives back the text before. Returns nil for a
    /// key that takes the match and then edits as usual (arrows, Home, End…).
    private mutating func handleSearch(_ key: Key) -> Event? {
        guard var found = search else {
            return nil
        }
        switch key {
        case .character(let character):
            found.query.append(character)
            show(found.find(in: history, from: found.match ?? history.count - 1), in: &found)
        case .backspace:
            if !found.query.isEmpty {
                found.query.removeLast()
            }
            if found.query.isEmpty {
                found.match = nil
                found.failing = false
                text = found.original
                cursor = found.originalCursor
            } else {
                show(found.find(in: history, from: history.count - 1), in: &found)
            }
        case .control("r"):
            let start = found.match.map { $0 - 1 } ?? history.count - 1
            show(found.find(in: history, from: start, skipping: text), in: &found)
        case .enter:
            search = nil
            cursor = text.count
            return .edited
        case .escape, .control("g"):
            search = nil
            text = found.original
            cursor = found.originalCursor
            return .edited
        case .mouse, .resize:
            return .edited
        default:
            search = nil
            return nil
        }
        search = found
        return .edited
    }

    /// Shows history entry `index` (or says the search fails, the last match staying).
    private mutating func show(_ index: Int?, in found: inout HistorySearch) {
        guard let index else {
            found.failing = true
            return
        }
        found.failing = false
        found.match = index
        text = history[index]
        cursor = found.position(in: text)
    }
}
