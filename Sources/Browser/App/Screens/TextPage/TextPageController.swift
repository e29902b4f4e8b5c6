/// A scrollable page of text under a title: a table's schema, the pending changes, the conflicts.
/// Up and down scroll a line, the page keys a page, `g` and `G` go to the ends; `/`, `n` and `N`
/// search; `y` and `Y` copy what the page offers (the schema's `CREATE` statements, the pending
/// changes' SQL); `q` or Esc closes it.
final class TextPageController: ScreenController {
    /// The title line.
    let title: String
    /// The text, one logical line each (wrapped to the screen's width when drawn).
    let lines: [String]
    /// What the page is (the schema, the pending changes, the conflicts), named in the status bar.
    let mode: Mode
    /// The first display line shown.
    private(set) var scroll = 0
    /// The text searched for last and the line it was found on.
    private(set) var search = TextSearchState()
    /// What `y` copies, and what the status bar calls it; nil when the page offers nothing.
    let copy: (text: String, what: String)?

    /// A page titled `title` showing `lines`, named `mode` in the status bar; `y` copies
    /// `copy`'s text, named by its `what` ("the CREATE statements of orders").
    init(title: String, lines: [String], mode: Mode, copy: (text: String, what: String)? = nil) {
        self.title = title
        self.lines = lines
        self.mode = mode
        self.copy = copy
    }

    var searchesText: Bool {
        true
    }

    /// The text widget for the lines, scrolled, the text searched for marked.
    var view: TextView {
        var view = TextView(text: "", scroll: scroll, highlight: search.text)
        view.lines = lines
        return view
    }

    func perform(_ command: Command, in area: Rect) -> ScreenReply {
        if let line = PageScroll.line(after: command, from: scroll, page: Self.bodyHeight(of: area)) {
            scroll(to: line, in: area)
            return .redraw
        }
        switch command {
        case .back, .cancel: return .close
        case .search: return .openPrompt(.search)
        case .nextMatch, .previousMatch: return search(for: nil, forward: command == .nextMatch, again: true, in: area)
        case .yankCell, .yankRow:
            guard let copy, !copy.text.isEmpty else { return .notAKey }
            return .copy(copy.text, .info("copied \(copy.what) (\(CellFormatter.formatByteCount(copy.text.utf8.count)))"))
        default: return .notAKey
        }
    }

    func search(for text: String?, forward: Bool, again: Bool, in area: Rect) -> ScreenReply {
        let found = search.find(text, in: view.displayLines(width: area.width), scroll: scroll, forward: forward, again: again)
        if let line = found.line {
            scroll = min(line, view.maximumScroll(width: area.width, height: Self.bodyHeight(of: area)))
        }
        return .say(found.message)
    }

    func render(in area: Rect, into buffer: inout ScreenBuffer, theme: Theme) {
        let (titleRow, body) = area.splitTop(1)
        TitleLine(text: title).render(in: titleRow, into: &buffer, theme: theme)
        view.render(in: body, into: &buffer, theme: theme)
    }

    /// Scrolls to display line `line`, within the text.
    private func scroll(to line: Int, in area: Rect) {
        scroll = min(max(0, line), view.maximumScroll(width: area.width, height: Self.bodyHeight(of: area)))
    }

    /// The rows the text has in `area`: all but the title's.
    private static func bodyHeight(of area: Rect) -> Int {
        max(1, area.height - 1)
    }
}
