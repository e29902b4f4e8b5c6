/// A text input of several lines with a cursor, drawn upward from the bottom of an area (the SQL
/// editor; rendering only, editing is the caller's).
///
/// ```
/// ✗ line 2, column 1: near "FORM": syntax error
/// SQL> SELECT *
///   -> FORM t█
/// ```
///
/// The first line carries ``label``, the others a continuation mark as wide; ``rows`` lines are
/// in sight at most, from ``firstLine``. Each line is a ``Prompt``: the cursor's line scrolls
/// sideways to keep the cursor visible, and ``mark`` (where the database found an error) is
/// drawn in the error style, as is ``header``, a line above the text.
struct MultilinePrompt: Sendable {
    /// Text before the first line, such as `SQL> `.
    var label: String
    /// The text typed, its lines separated by line breaks.
    var text: String
    /// The cursor, in characters from the start of `text`.
    var cursor: Int
    /// The theme element of each character of `text` (see ``SQLHighlighter``), or nil.
    var highlights: [ThemeElement]?
    /// The first line in sight.
    var firstLine = 0
    /// How many lines are in sight at most.
    var rows: Int
    /// A line drawn above the text in the error style (what the database said), if any.
    var header: String?
    /// A character of `text` drawn in the error style, if any.
    var mark: Int?
    /// The characters of `text` selected, drawn in the selection style (a line break selected
    /// as the blank after its line).
    var selection: Range<Int>?

    /// How many rows it takes: the lines in sight and the header.
    var height: Int {
        let lines = text.reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
        return min(max(1, rows), max(1, lines - firstLine)) + (header == nil ? 0 : 1)
    }

    /// The mark before every line but the first, as wide as `label`: `  -> `.
    var continuation: String {
        let width = TextWidth.of(Sanitizer.sanitize(label))
        return width >= 3 ? String(repeating: " ", count: width - 3) + "-> " : String(repeating: " ", count: width)
    }

    /// Draws the text so that its last row in sight is the last row of `area`, and returns where
    /// the terminal cursor goes. Rows above `area` are not drawn.
    @discardableResult
    func render(in area: Rect, into buffer: inout ScreenBuffer, theme: Theme) -> (x: Int, y: Int) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let top = area.bottom - height
        var cursorPosition = (x: area.x, y: area.bottom - 1)
        var row = top
        if let header {
            drawRow(header, y: row, in: area, into: &buffer, theme: theme)
            row += 1
        }
        var offset = 0
        for (index, line) in lines.enumerated() {
            defer { offset += line.count + 1 }
            guard index >= firstLine, row < area.bottom else {
                continue
            }
            let range = offset..<(offset + line.count)
            let hasCursor = cursor >= range.lowerBound && cursor <= range.upperBound
            let prompt = Prompt(
                label: index == 0 ? label : continuation, text: String(line),
                cursor: hasCursor ? cursor - offset : 0,
                highlights: highlights.map { Array($0.dropFirst(offset).prefix(line.count)) },
                showsCursor: hasCursor,
                mark: mark.flatMap { range.contains($0) || $0 == range.upperBound ? $0 - offset : nil },
                selection: selection.flatMap { selected in
                    // The line with its break, so that a selection across lines shows at each end.
                    let part = selected.clamped(to: offset..<(offset + line.count + 1))
                    return part.isEmpty ? nil : (part.lowerBound - offset)..<(part.upperBound - offset)
                })
            if row >= area.y {
                let position = prompt.render(in: Rect(x: area.x, y: row, width: area.width, height: 1), into: &buffer, theme: theme)
                if hasCursor {
                    cursorPosition = position
                }
            }
            row += 1
        }
        return cursorPosition
    }

    /// Draws `text` alone on row `y` in the error style.
    private func drawRow(_ text: String, y: Int, in area: Rect, into buffer: inout ScreenBuffer, theme: Theme) {
        guard y >= area.y, y < area.bottom else {
            return
        }
        let row = Rect(x: area.x, y: y, width: area.width, height: 1)
        let style = theme[.prompt].patched(with: theme[.statusError])
        buffer.fill(row, style: style)
        buffer.put(Sanitizer.sanitize(text), x: area.x, y: y, style: style, maxWidth: area.width)
    }
}
