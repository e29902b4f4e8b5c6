/// The scroll keys of a page of text (the key help, a plan, a text page such as a schema): up and
/// down a line, the page keys a page, `g` and `G` the ends.
///
/// ```swift
/// if let line = PageScroll.line(after: .pageDown, from: scroll, page: height) { scroll(to: line) }
/// ```
enum PageScroll {
    /// The first line shown once `command` scrolls a page of `page` lines that shows line `scroll`
    /// first, before the page keeps it within its text (`G` goes to `Int32.max`); nil when
    /// `command` does not scroll.
    static func line(after command: Command, from scroll: Int, page: Int) -> Int? {
        switch command {
        case .up: scroll - 1
        case .down: scroll + 1
        case .pageUp: scroll - page
        case .pageDown: scroll + page
        case .top: 0
        case .bottom: Int(Int32.max)
        default: nil
        }
    }
}
