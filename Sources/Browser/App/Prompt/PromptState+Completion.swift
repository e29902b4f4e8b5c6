extension PromptState {
    /// `Tab`: inserts the only candidate, or the text all candidates start with; when that adds
    /// nothing (a second `Tab`, or candidates that differ at once) opens the list of them.
    mutating func complete(with schema: CompletionSchema) {
        let found: SQLCompletion
        switch completion(in: schema) {
        case .failure(let refusal):
            note = refusal.note
            return
        case .success(let completed):
            found = completed
        }
        let completion = found
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
    mutating func handleCompletions(_ key: Key, schema: () -> CompletionSchema?) -> Event? {
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
               case .success(let narrowed) = completion(in: schema),
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

    /// What `Tab` offers at the cursor: a table or a file at the join prompt's table step, else
    /// SQL's names.
    private func completion(in schema: CompletionSchema) -> Result<SQLCompletion, SQLCompletion.Refusal> {
        kind == .joinTable ? .success(JoinTableCompletion.complete(text, tables: schema.tables, schemaTables: schema.schemaTables))
            : SQLCompletion.complete(text, cursor: cursor, schema: schema, filter: kind.isExpression)
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
}
