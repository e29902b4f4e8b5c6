/// A screen that answers for itself: it keeps its own state, runs the commands typed on it, draws
/// itself and searches its text. The ``App`` keeps the screen stack and the services every screen
/// shares (the database, the status bar, the prompts), and carries out the ``ScreenReply`` a
/// controller gives.
///
/// Adding such a screen takes a folder of its own under `App/Screens` holding its controller, and
/// the one place that opens it:
///
/// ```swift
/// state.screens.append(.controlled(TextPageController(title: "Schema of t", lines: lines, mode: .schema)))
/// ```
protocol ScreenController: AnyObject {
    /// What the screen is, named in the status bar's mode label.
    var mode: Mode { get }

    /// Whether `/`, `n` and `N` search this screen's text (``search(for:forward:again:in:)``)
    /// rather than a grid.
    var searchesText: Bool { get }

    /// Runs `command` typed on this screen, drawn in `area` (everything above the status bar).
    func perform(_ command: Command, in area: Rect) -> ScreenReply

    /// Searches the screen's text for `text` (nil: the text searched for last), as `less` does: a
    /// new search from the first line shown, `again` from the line after the last match (before
    /// it, backwards); around the ends. The screen scrolls to the line found.
    func search(for text: String?, forward: Bool, again: Bool, in area: Rect) -> ScreenReply

    /// Draws the screen into `area` (everything above the status bar).
    func render(in area: Rect, into buffer: inout ScreenBuffer, theme: Theme)
}

extension ScreenController {
    var searchesText: Bool {
        false
    }

    func search(for text: String?, forward: Bool, again: Bool, in area: Rect) -> ScreenReply {
        .notAKey
    }
}
