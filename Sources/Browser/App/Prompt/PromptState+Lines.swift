extension PromptState {
    /// The lines of the text (one more after each line break, maybe empty).
    var lines: [Substring] {
        text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// How many lines the text spans.
    var lineCount: Int {
        text.reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
    }

    /// The line the cursor is on, from 0.
    var lineOfCursor: Int {
        text.prefix(cursor).reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
    }

    /// The line and column (in characters, from 0) of character `offset` of the text.
    func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
        var line = 0
        var column = 0
        for character in text.prefix(max(0, offset)) {
            if character == "\n" {
                line += 1
                column = 0
            } else {
                column += 1
            }
        }
        return (line, column)
    }

    /// Where the cursor's line starts in `characters` (the text's).
    func lineStart(in characters: [Character]) -> Int {
        var start = min(cursor, characters.count)
        while start > 0 && characters[start - 1] != "\n" {
            start -= 1
        }
        return start
    }

    /// Where the cursor's line ends in `characters` (before its line break).
    func lineEnd(in characters: [Character]) -> Int {
        var end = min(cursor, characters.count)
        while end < characters.count && characters[end] != "\n" {
            end += 1
        }
        return end
    }

    /// Moves the cursor `delta` lines up or down, to the same column or the end of a shorter line.
    mutating func moveLine(by delta: Int) {
        let (line, column) = lineAndColumn(of: cursor)
        let target = min(max(0, line + delta), lineCount - 1)
        var offset = 0
        for (index, text) in lines.enumerated() {
            if index == target {
                cursor = offset + min(column, text.count)
                return
            }
            offset += text.count + 1
        }
    }

    /// Scrolls so that the cursor's line is among the `rows` lines in sight, moving as little as
    /// it can; with fewer lines than rows all are in sight.
    mutating func keepCursorVisible(rows: Int) {
        let rows = max(1, rows)
        let line = lineOfCursor
        if line < firstVisibleLine {
            firstVisibleLine = line
        } else if line >= firstVisibleLine + rows {
            firstVisibleLine = line - rows + 1
        }
        firstVisibleLine = max(0, min(firstVisibleLine, lineCount - rows))
    }
}
