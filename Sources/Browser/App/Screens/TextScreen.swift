/// A scrollable page of text with a title: the schema, the pending changes, the conflicts.
struct TextScreen: Sendable {
    /// The title line.
    var title: String
    /// The text, one logical line each.
    var lines: [String]
    /// The first wrapped line shown.
    var scroll: Int = 0
    /// What the page is (the schema, the pending changes, the conflicts), named in the status bar.
    var mode = Mode.schema
    /// The text searched for last (`/`), marked where it occurs.
    var searchText: String?
    /// The display line the last search found, where `n` and `N` go on from.
    var matchLine: Int?

    /// The text widget for these lines.
    var view: TextView {
        var view = TextView(text: "", scroll: scroll, highlight: searchText)
        view.lines = lines
        return view
    }

    /// Scrolls by `delta` lines within an area of `width` by `height`.
    mutating func scroll(by delta: Int, width: Int, height: Int) {
        scroll = min(max(0, scroll + delta), view.maximumScroll(width: width, height: height))
    }
}
