/// A one-line text input with a cursor (rendering only; editing is the caller's).
///
/// ```
/// /search te█
/// ```
///
/// When the label and text are wider than the line, the text scrolls horizontally so the cursor
/// stays visible at the right edge.
struct Prompt: Sendable {
    /// Text before the input, such as `/` or `Filter: `.
    var label: String
    /// The text typed so far.
    var text: String
    /// The cursor position, in grapheme clusters from the start of `text` (clamped to the text).
    var cursor: Int

    /// Creates a prompt; the cursor defaults to the end of `text`.
    init(label: String, text: String = "", cursor: Int? = nil) {
        self.label = label
        self.text = text
        self.cursor = cursor ?? text.count
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
        let cursorX = start + cursorColumn - offset
        buffer.patchStyle(Rect(x: cursorX, y: line.y, width: min(cursorWidth, line.right - cursorX), height: 1),
                          style: theme[.promptCursor])
        return (cursorX, line.y)
    }
}
