/// The key help (`?`): every key, by section, generated from ``KeyBindings``. Up and down scroll a
/// line, the page keys a page, `g` and `G` go to the ends; `/`, `n` and `N` search; `q` or Esc
/// closes it (`?` again too: the ``App`` toggles it).
final class HelpController: ScreenController {
    /// The page drawn, scrolled, the text searched for marked.
    private(set) var view = HelpView()
    /// The text searched for last and the line it was found on.
    private var search = TextSearchState()

    var mode: Mode {
        .help
    }

    var searchesText: Bool {
        true
    }

    func perform(_ command: Command, in area: Rect) -> ScreenReply {
        if let line = PageScroll.line(after: command, from: view.scroll, page: max(1, area.height)) {
            scroll(to: line, in: area)
            return .redraw
        }
        switch command {
        case .back, .cancel: return .close
        case .search: return .openPrompt(.search)
        case .nextMatch, .previousMatch: return search(for: nil, forward: command == .nextMatch, again: true, in: area)
        default: return .notAKey
        }
    }

    func search(for text: String?, forward: Bool, again: Bool, in area: Rect) -> ScreenReply {
        let found = search.find(text, in: HelpView.lines(width: area.width), scroll: view.scroll, forward: forward,
                                again: again)
        view.searchText = search.text
        if let line = found.line {
            scroll(to: line, in: area)
        }
        return .say(found.message)
    }

    func render(in area: Rect, into buffer: inout ScreenBuffer, theme: Theme) {
        view.render(in: area, into: &buffer, theme: theme)
    }

    /// Scrolls to `row`, within the help.
    private func scroll(to row: Int, in area: Rect) {
        view.scroll = min(max(0, row), HelpView.maximumScroll(width: area.width, height: max(1, area.height)))
    }
}
