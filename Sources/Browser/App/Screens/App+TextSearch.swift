extension App {
    /// Whether the screen on top is text (the schema, the pending changes, the help), which `/`,
    /// `n` and `N` search instead of a grid.
    var isTextScreenOnTop: Bool {
        switch state.top {
        case .schema, .help: true
        default: false
        }
    }

    /// Searches the text screen on top for `text` (nil: the text searched for last), as `less`
    /// does: a new search from the first line shown, `again` from the line after the last match
    /// (before it, backwards); around the ends. The screen scrolls to the line found and marks
    /// the text wherever it occurs.
    func searchTextScreen(for text: String?, forward: Bool, again: Bool) {
        let width = size.columns
        switch state.top {
        case .schema(var screen):
            let height = max(1, contentHeight - 1)
            let lines = screen.view.displayLines(width: width)
            guard let found = search(text ?? screen.searchText, in: lines, from: screen.scroll, last: screen.matchLine,
                                     forward: forward, again: again) else {
                return
            }
            screen.searchText = found.text
            screen.matchLine = found.line
            screen.scroll = min(found.line, screen.view.maximumScroll(width: width, height: height))
            state.replaceTop(.schema(screen))
        case .help(var help):
            let height = max(1, contentHeight)
            let lines = HelpView.lines(width: width)
            guard let found = search(text ?? help.searchText, in: lines, from: help.scroll, last: help.matchLine,
                                     forward: forward, again: again) else {
                return
            }
            help.searchText = found.text
            help.matchLine = found.line
            help.scroll = min(found.line, HelpView.maximumScroll(width: width, height: height))
            state.replaceTop(.help(help))
        default:
            break
        }
    }

    /// Finds `text` in `lines` for ``searchTextScreen(for:forward:again:)`` and says in the status
    /// bar what it found; nil (with the reason said) when there is nothing to show.
    private func search(_ text: String?, in lines: [String], from scroll: Int, last: Int?, forward: Bool,
                        again: Bool) -> (text: String, line: Int)? {
        guard let text, !text.isEmpty else {
            state.message = .error("no search yet: press / to search")
            return nil
        }
        let start = again ? (last ?? scroll) + (forward ? 1 : -1) : scroll
        guard let match = LineSearch.find(text, in: lines, from: start, forward: forward) else {
            state.message = .error("not found: \(Sanitizer.sanitize(text))")
            return nil
        }
        state.message = match.wrapped
            ? .info(forward ? "search hit BOTTOM, continuing at TOP" : "search hit TOP, continuing at BOTTOM")
            : .info("/\(Sanitizer.sanitize(text))  line \(match.line + 1)")
        return (text, match.line)
    }
}
