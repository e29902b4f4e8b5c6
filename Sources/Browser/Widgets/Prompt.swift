/// A one-line text input with a cursor (rendering only; editing is the caller's).
///
/// ```
/// /search te█
/// ```
///
/// When the label and text are wider than the line, the text scrolls horizontally so the cursor
/// stays visible at the right edge. Given ``highlights`` (SQL at the SQL and filter prompts), each
/// character is drawn in its element's style laid over `prompt`.
struct Prompt: Sendable {
    /// Text before the input, such as `/` or `Filter: `.
    var label: String
    /// The text typed so far.
    var text: String
    /// The cursor position, in grapheme clusters from the start of `text` (clamped to the text).
    var cursor: Int
    /// The theme element of each character of `text` (see ``SQLHighlighter``), or nil for plain text.
    var highlights: [ThemeElement]?
    /// Whether the cursor is drawn (false for the lines of a ``MultilinePrompt`` the cursor is not on).
    var showsCursor = true
    /// A character (from 0; the text's length marks its end) drawn in the error style: where the
    /// database found an error.
    var mark: Int?
    /// The characters selected (from 0), drawn in the selection style; one past the text's end is
    /// the blank after it (the line break of a ``MultilinePrompt``'s line).
    var selection: Range<Int>?

    /// Creates a prompt; the cursor defaults to the end of `text`.
    init(label: String, text: String = "", cursor: Int? = nil, highlights: [ThemeElement]? = nil,
         showsCursor: Bool = true, mark: Int? = nil, selection: Range<Int>? = nil) {
        self.label = label
        self.text = text
        self.cursor = cursor ?? text.count
        self.highlights = highlights
        self.showsCursor = showsCursor
        self.mark = mark
        self.selection = selection
    }

    /// Draws the prompt on the first row of `area` and returns where the terminal cursor goes.
    @discardableResult
    func render(in area: Rect, into buffer: inout ScreenBuffer, theme: Theme) -> (x: Int, y: Int) {
        let line = Rect(x: area.x, y: area.y, width: area.width, height: min(1, area.height)).intersection(buffer.area)
        guard !line.isEmpty else {
            return (area.x, area.y)
        }
        buffer.fill(line, style: theme[.prompt])
        let labelWidth = buffer.put(label, x: line.x, y: line.y, style: theme[.prompt].patched(with: theme[.title]),
                                    maxWidth: line.width)
        let available = line.width - labelWidth
        guard available > 0 else {
            return (line.right - 1, line.y)
        }
        // The cursor counts clusters of the raw text; sanitising is per scalar, so sanitising the
        // text before the cursor gives exactly the columns before it.
        let characters = Array(text)
        let position = min(max(0, cursor), characters.count)
        let cursorColumn = TextWidth.of(Sanitizer.sanitize(String(characters[..<position])))
        let underCursor = position < characters.count ? Sanitizer.sanitize(String(characters[position])) : " "
        let cursorWidth = max(1, TextWidth.of(underCursor))
        let clean = Sanitizer.sanitize(text)
        let offset = max(0, cursorColumn + cursorWidth - available)
        let start = line.x + labelWidth
        buffer.put(TextLayout.dropLeading(clean, columns: offset), x: start, y: line.y, style: theme[.prompt],
                   maxWidth: available)
        if let highlights {
            colour(characters, highlights, from: start - offset, within: start..<line.right, y: line.y,
                   into: &buffer, theme: theme)
        }
        if let range = selection?.clamped(to: 0..<(characters.count + 1)), !range.isEmpty {
            patch(range, of: characters, from: start - offset, within: start..<line.right, y: line.y, style: theme[.selection],
                  into: &buffer)
        }
        if let mark, mark >= 0, mark <= characters.count {
            // At the text's end the mark is the blank after it.
            let marked = mark < characters.count ? mark..<(mark + 1) : mark..<mark
            patch(marked, of: characters, from: start - offset, within: start..<line.right, y: line.y, style: theme[.statusError],
                  into: &buffer)
        }
        let cursorX = start + cursorColumn - offset
        guard showsCursor else {
            return (cursorX, line.y)
        }
        buffer.patchStyle(Rect(x: cursorX, y: line.y, width: min(cursorWidth, line.right - cursorX), height: 1),
                          style: theme[.promptCursor])
        return (cursorX, line.y)
    }

    /// Lays `style` over the characters `range` of the text drawn from column `x` (the part within
    /// `visible`: the range may be scrolled out of sight on either side); past the text's end, or
    /// empty there, it takes the one column after the text.
    private func patch(_ range: Range<Int>, of characters: [Character], from x: Int, within visible: Range<Int>, y: Int,
                       style: Style, into buffer: inout ScreenBuffer) {
        let lower = min(range.lowerBound, characters.count), upper = min(range.upperBound, characters.count)
        let left = x + TextWidth.of(Sanitizer.sanitize(String(characters[..<lower])))
        var width = TextWidth.of(Sanitizer.sanitize(String(characters[lower..<upper])))
        if range.isEmpty || range.upperBound > characters.count {
            width += 1  // the blank after the text
        }
        width = max(1, width)
        let first = max(left, visible.lowerBound), end = min(left + width, visible.upperBound)
        if first < end {
            buffer.patchStyle(Rect(x: first, y: y, width: end - first, height: 1), style: style)
        }
    }

    /// Lays each character's element over the text drawn from column `x` (the part within `visible`).
    private func colour(_ characters: [Character], _ elements: [ThemeElement], from x: Int, within visible: Range<Int>,
                        y: Int, into buffer: inout ScreenBuffer, theme: Theme) {
        var column = x
        for (index, character) in characters.enumerated() {
            let width = TextWidth.of(Sanitizer.sanitize(String(character)))
            let first = max(column, visible.lowerBound), end = min(column + width, visible.upperBound)
            if index < elements.count, first < end, elements[index] != .prompt {
                buffer.patchStyle(Rect(x: first, y: y, width: end - first, height: 1), style: theme[elements[index]])
            }
            column += width
            if column >= visible.upperBound {
                return
            }
        }
    }
}
