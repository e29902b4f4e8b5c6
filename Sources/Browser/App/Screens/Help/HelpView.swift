/// The help screen's page, generated from ``KeyBindings`` so it lists every key (its keys are
/// ``HelpController``'s).
///
/// Keys are drawn in `helpKey` style in a column of their own; descriptions wrap beside them.
struct HelpView: Sendable {
    /// One display row of help.
    struct Row: Hashable, Sendable {
        /// The key text (only on the first row of an entry).
        var keys: String
        /// The description, heading or blank.
        var text: String
        /// Whether the row is a section heading.
        var isHeading: Bool
    }

    /// The first row shown.
    var scroll = 0
    /// The text searched for last (`/`), marked where it occurs.
    var searchText: String?

    /// The entries: headings (nil keys) and key descriptions, in order.
    static let entries: [(keys: String?, text: String)] = {
        var entries: [(keys: String?, text: String)] = [(nil, "Keys (vim and arrows); q or Esc closes")]
        var section = ""
        for binding in KeyBindings.all {
            if binding.section != section {
                section = binding.section
                entries.append((nil, ""))
                entries.append((nil, section))
            }
            entries.append((binding.keysText, binding.help))
        }
        entries.append((nil, ""))
        entries.append((nil, "Prompts and mouse"))
        for note in KeyBindings.notes {
            entries.append((note.keys, note.help))
        }
        return entries
    }()

    /// The rows for an area `width` columns wide.
    static func rows(width: Int) -> [Row] {
        let keyWidth = min(entries.compactMap { $0.keys.map(TextWidth.of) }.max() ?? 0, max(4, width / 3))
        let textWidth = max(1, width - keyWidth - 4)
        var rows: [Row] = []
        for entry in entries {
            guard let keys = entry.keys else {
                rows.append(Row(keys: "", text: entry.text, isHeading: true))
                continue
            }
            let key = TextLayout.fit(keys, toWidth: keyWidth)
            for (index, line) in TextLayout.wrap(entry.text, width: textWidth).enumerated() {
                rows.append(Row(keys: index == 0 ? "  " + key + "  " : String(repeating: " ", count: keyWidth + 4),
                                text: line, isHeading: false))
            }
        }
        return rows
    }

    /// The rows as plain lines (keys and text), what a search looks through.
    static func lines(width: Int) -> [String] {
        rows(width: width).map { $0.keys + $0.text }
    }

    /// The largest useful scroll for an area of this size.
    static func maximumScroll(width: Int, height: Int) -> Int {
        max(0, rows(width: width).count - height)
    }

    /// Draws the visible rows into `area`.
    func render(in area: Rect, into buffer: inout ScreenBuffer, theme: Theme) {
        let area = area.intersection(buffer.area)
        guard !area.isEmpty else {
            return
        }
        buffer.fill(area, style: theme[.help])
        let rows = Self.rows(width: area.width)
        for line in 0..<area.height where scroll + line < rows.count {
            let row = rows[scroll + line]
            let y = area.y + line
            if row.isHeading {
                buffer.put(row.text, x: area.x, y: y, style: theme[.title], maxWidth: area.width)
                continue
            }
            let used = buffer.put(row.keys, x: area.x, y: y, style: theme[.helpKey], maxWidth: area.width)
            buffer.put(row.text, x: area.x + used, y: y, style: theme[.help], maxWidth: area.width - used)
            TextView.markMatches(of: searchText, in: row.keys + row.text, x: area.x, y: y, width: area.width,
                                 into: &buffer, style: theme[.match])
        }
    }
}
