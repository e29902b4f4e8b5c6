import FoundationEssentials

/// Scrollable text for the record view, the schema and help, wrapped by display width.
///
/// Each logical line is sanitised (tabs show as `⇥`) and wrapped to the area width with
/// ``TextLayout/wrap(_:width:)``; `scroll` counts wrapped lines. Occurrences of `highlight`
/// (case-insensitive) are styled `match`.
struct TextView: Sendable {
    /// The logical lines of text (without line breaks).
    var lines: [String]
    /// The first wrapped line shown.
    var scroll: Int
    /// Whether long lines wrap; when false they are cut at the edge.
    var wrap: Bool
    /// The element the text is styled as.
    var element: ThemeElement
    /// Text to mark wherever it occurs, nil or empty for none.
    var highlight: String?
    /// Logical lines drawn in the cursor cell's style (the record view's current field).
    var selected: Range<Int>?

    /// Creates a view; `text` is split at its line breaks.
    init(text: String, scroll: Int = 0, wrap: Bool = true, element: ThemeElement = .text, highlight: String? = nil) {
        self.lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        self.scroll = scroll
        self.wrap = wrap
        self.element = element
        self.highlight = highlight
    }

    /// The lines as displayed in an area `width` columns wide, after sanitising and wrapping.
    func displayLines(width: Int) -> [String] {
        lines.flatMap { displayLines(of: $0, width: width) }
    }

    /// The display lines logical lines `range` take, as positions among ``displayLines(width:)``.
    func displayRange(of range: Range<Int>, width: Int) -> Range<Int> {
        let clamped = range.clamped(to: lines.indices)
        let start = lines[..<clamped.lowerBound].reduce(0) { $0 + displayLines(of: $1, width: width).count }
        let count = lines[clamped].reduce(0) { $0 + displayLines(of: $1, width: width).count }
        return start..<(start + count)
    }

    /// One logical line as displayed.
    private func displayLines(of line: String, width: Int) -> [String] {
        let clean = Sanitizer.sanitize(line)
        return wrap ? TextLayout.wrap(clean, width: width) : [clean]
    }

    /// The largest useful `scroll` for an area of the given size.
    func maximumScroll(width: Int, height: Int) -> Int {
        max(0, displayLines(width: width).count - height)
    }

    /// Draws the visible lines into `area`.
    func render(in area: Rect, into buffer: inout ScreenBuffer, theme: Theme) {
        let area = area.intersection(buffer.area)
        guard !area.isEmpty else {
            return
        }
        buffer.fill(area, style: theme[element])
        let display = displayLines(width: area.width)
        let start = max(0, scroll)
        let selectedRows = selected.map { displayRange(of: $0, width: area.width) } ?? 0..<0
        for row in 0..<area.height where start + row < display.count {
            let line = display[start + row]
            let y = area.y + row
            let style = selectedRows.contains(start + row) ? theme[.cursorCell] : theme[element]
            if selectedRows.contains(start + row) {
                buffer.fill(Rect(x: area.x, y: y, width: area.width, height: 1), style: style)
            }
            buffer.put(line, x: area.x, y: y, style: style, maxWidth: area.width)
            Self.markMatches(of: highlight, in: line, x: area.x, y: y, width: area.width, into: &buffer, style: theme[.match])
        }
    }

    /// Lays `style` over each occurrence of `highlight` in `line`, drawn at (`x`, `y`) within `width`.
    static func markMatches(of highlight: String?, in line: String, x: Int, y: Int, width: Int,
                            into buffer: inout ScreenBuffer, style: Style) {
        guard let needle = highlight.map(Sanitizer.sanitize), !needle.isEmpty else {
            return
        }
        var searchStart = line.startIndex
        while let found = line.range(ofIgnoringCase: needle, from: searchStart) {
            let column = TextWidth.of(line[line.startIndex..<found.lowerBound])
            let matchWidth = min(TextWidth.of(line[found]), width - column)
            if matchWidth > 0 {
                buffer.patchStyle(Rect(x: x + column, y: y, width: matchWidth, height: 1), style: style)
            }
            guard found.upperBound > searchStart else {
                break
            }
            searchStart = found.upperBound
        }
    }
}
