extension PromptState {
    /// Keys while `Ctrl-R` searches: text narrows, `Ctrl-R` goes to an older match, Enter takes
    /// the match into the line, Esc (or `Ctrl-G`) gives back the text before. Returns nil for a
    /// key that takes the match and then edits as usual (arrows, Home, End…).
    mutating func handleSearch(_ key: Key) -> Event? {
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
