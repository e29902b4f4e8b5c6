/// A screen: it keeps its own state, runs the commands typed on it, reads what it shows before the
/// frame, draws itself and searches its text. The ``App`` keeps the screen stack (``AppState``, the
/// ``MainController`` at the bottom) and the services every screen shares (the database, the
/// status bar, the prompts), and carries out the ``ScreenReply`` a controller gives. A screen
/// showing a grid hands the grid's own commands to the app through a protocol the app implements
/// (``GridScreenHost``, ``RecordHost``, ``MainHost``) and replies with their ``Outcome``
/// (``ScreenReply/carriedOut(_:)``).
///
/// Adding a screen takes a folder of its own under `App/Screens` holding its controller (a grid of
/// its own conforms to ``GridScreenController``), and the one place that opens it:
///
/// ```swift
/// state.screens.append(TextPageController(title: "Schema of t", lines: lines, mode: .schema))
/// state.screens.append(QueryResultsController(grid: grid, host: self))
/// ```
protocol ScreenController: AnyObject {
    /// What the screen is, named in the status bar's mode label.
    var mode: Mode { get }

    /// The grid the screen shows (query results, a frequency table, a summary) or shows a row of
    /// (the record view): the status bar describes it, and a live refresh of its table reaches
    /// it. Nil for a screen of text (the default).
    var grid: GridModel? { get }

    /// The grid whose view this screen describes as it was when the screen opened (a summary of
    /// it), so that filtering that grid leaves the screen out of date: it closes then. Nil for a
    /// screen that stays true whatever the grid shows (the default).
    var describedGrid: GridModel? { get }

    /// Whether `/`, `n` and `N` search this screen's text (``search(for:forward:again:in:)``)
    /// rather than a grid.
    var searchesText: Bool { get }

    /// Runs `command` typed on this screen, drawn in `area` (everything above the status bar).
    func perform(_ command: Command, in area: Rect) -> ScreenReply

    /// Searches the screen's text for `text` (nil: the text searched for last), as `less` does: a
    /// new search from the first line shown, `again` from the line after the last match (before
    /// it, backwards); around the ends. The screen scrolls to the line found.
    func search(for text: String?, forward: Bool, again: Bool, in area: Rect) -> ScreenReply

    /// Reads and lays out what the next frame draws in `area` (rows of the database, wrapped
    /// lines), after each key and tick, so that ``render(in:into:theme:)`` only draws. Returns
    /// what the status bar is to say about it (rows that could not be read), nil when nothing.
    /// Nothing to prepare by default.
    func prepare(in area: Rect) -> StatusMessage?

    /// What the status bar says of the screen when nothing else is said (a summary's progress),
    /// its spinner at `spinnerFrame`; nil by default.
    func status(spinnerFrame: Int) -> StatusMessage?

    /// What the status bar ends its right-hand side with when there is room, the first thing to
    /// give way (how long a statement took, on its results); nil by default.
    var statusNote: String? { get }

    /// What the status bar keeps beside the position whatever else gives way: a statement's
    /// results cut short (`stopped`, `incomplete`), so rows shown are never taken for all of them;
    /// nil by default.
    var statusMark: String? { get }

    /// Draws the screen into `area` (everything above the status bar), from its state and what
    /// ``prepare(in:)`` made: reading nothing, changing nothing.
    func render(in area: Rect, into buffer: inout ScreenBuffer, theme: Theme)
}

extension ScreenController {
    var grid: GridModel? {
        nil
    }

    var describedGrid: GridModel? {
        nil
    }

    var searchesText: Bool {
        false
    }

    var statusNote: String? {
        nil
    }

    var statusMark: String? {
        nil
    }

    func prepare(in area: Rect) -> StatusMessage? {
        nil
    }

    func status(spinnerFrame: Int) -> StatusMessage? {
        nil
    }

    func search(for text: String?, forward: Bool, again: Bool, in area: Rect) -> ScreenReply {
        .notAKey
    }
}
