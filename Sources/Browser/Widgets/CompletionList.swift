/// The list of completions drawn above the prompt: one choice a row, a note of what it is at the
/// right, the chosen one highlighted; arrows at the right edge say more choices are above or below.
///
/// ```
///  title     column albums
///  tracks    table        ↓
/// SQL> select ti█
/// ```
struct CompletionList: Sendable {
    /// One row: the choice and its note.
    struct Item: Hashable, Sendable {
        /// The name offered.
        var text: String
        /// What it is (`column albums`, `keyword`).
        var detail: String
    }

    /// All the choices.
    var items: [Item]
    /// The chosen one.
    var selected: Int
    /// The first row shown.
    var firstVisible: Int
    /// The most rows shown.
    var height: Int
    /// Choices before ``items`` and after them that the caller left out (it passes only those in
    /// sight of a long list): the arrows count them.
    var hiddenAbove = 0, hiddenBelow = 0
    /// The widest choice and note of the whole list, so it keeps its width as it scrolls (nil:
    /// measured on ``items``).
    var widths: (text: Int, detail: Int)?

    /// Draws the list in `area` with its last row just above row `bottom`, its text starting at
    /// column `x` (moved left when it would not fit).
    func render(above bottom: Int, x: Int, in area: Rect, into buffer: inout ScreenBuffer, theme: Theme) {
        let rows = min(height, items.count, bottom - area.y)
        guard rows > 0, area.width >= 4 else {
            return
        }
        let first = min(max(0, firstVisible), items.count - rows)
        let shown = items[first..<(first + rows)].map { item in
            (text: Sanitizer.sanitize(item.text), detail: Sanitizer.sanitize(item.detail))
        }
        let textWidth = widths?.text ?? shown.map { TextWidth.of($0.text) }.max() ?? 0
        let detailWidth = widths?.detail ?? shown.map { TextWidth.of($0.detail) }.max() ?? 0
        // " text  detail ↓"
        let width = min(area.width, 1 + textWidth + 2 + detailWidth + 2)
        let left = max(area.x, min(x - 1, area.right - width))
        for (row, item) in shown.enumerated() {
            let y = bottom - rows + row
            let style = first + row == selected ? theme[.completionSelected] : theme[.completion]
            let line = Rect(x: left, y: y, width: width, height: 1)
            buffer.fill(line, style: style)
            let name = TextLayout.truncate(item.text, toWidth: max(1, width - 3))
            buffer.put(name, x: left + 1, y: y, style: style, maxWidth: width - 2)
            // The note only where it fits whole: on a narrow screen the names come first.
            let room = width - 3 - TextWidth.of(name) - 2
            let detailWidth = TextWidth.of(item.detail)
            if detailWidth <= room {
                buffer.put(item.detail, x: left + width - 2 - detailWidth, y: y, style: style, maxWidth: room)
            }
            let above = hiddenAbove + first, below = hiddenBelow + items.count - first - rows
            let more = row == 0 && above > 0 ? "↑" : row == rows - 1 && below > 0 ? "↓" : ""
            buffer.put(more, x: left + width - 1, y: y, style: style, maxWidth: 1)
        }
    }
}
