import ORMCore

extension PromptState {
    /// The characters selected (Shift with the arrows), from the selection's start to the cursor in
    /// either order; nil when nothing is.
    var selection: Range<Int>? {
        guard let anchor = selectionAnchor, anchor != cursor else {
            return nil
        }
        let count = text.count
        let range = min(anchor, cursor)..<max(anchor, cursor)
        return range.clamped(to: 0..<count).isEmpty ? nil : range.clamped(to: 0..<count)
    }

    /// The text selected, nil when nothing is.
    var selectedText: String? {
        selection.map { String(Array(text)[$0]) }
    }

    /// Moves the cursor for a Shift key (an arrow, `Home`, `End`), the selection reaching from
    /// where it started; returns false for another key. Shift-Up on the first line goes to the
    /// text's start, Shift-Down on the last to its end: the history is not reached while selecting.
    mutating func extendSelection(_ key: Key) -> Bool {
        let characters = Array(text)
        let anchor = selectionAnchor ?? cursor
        switch key {
        case .shiftLeft:
            cursor = max(0, cursor - 1)
        case .shiftRight:
            cursor = min(characters.count, cursor + 1)
        case .shiftHome:
            cursor = lineStart(in: characters)
        case .shiftEnd:
            cursor = lineEnd(in: characters)
        case .shiftUp:
            if lineOfCursor == 0 {
                cursor = 0
            } else {
                moveLine(by: -1)
            }
        case .shiftDown:
            if lineOfCursor == lineCount - 1 {
                cursor = characters.count
            } else {
                moveLine(by: 1)
            }
        default:
            return false
        }
        selectionAnchor = anchor
        return true
    }

    /// Before a key that types or deletes: removes the selected text (the key then types in its
    /// place; Backspace and Delete delete nothing more). Returns whether there was a selection.
    mutating func deleteSelection() -> Bool {
        guard let range = selection else {
            selectionAnchor = nil
            return false
        }
        var characters = Array(text)
        characters.removeSubrange(range)
        text = String(characters)
        cursor = range.lowerBound
        selectionAnchor = nil
        return true
    }

    /// `Ctrl-O` with a selection: runs the text selected, which starts at its place in the whole
    /// text; nil when nothing is selected. A selection of blanks or comments alone runs nothing
    /// and says so.
    mutating func selectedStatement() -> Event? {
        guard let range = selection, let selected = selectedText else {
            return nil
        }
        guard SQLScript.hasTokens(selected) else {
            note = "the selection holds no SQL"
            return .edited
        }
        return .runStatement(selected, start: range.lowerBound, buffer: text)
    }
}
