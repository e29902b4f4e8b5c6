/// A screen on the stack: its controller, which keeps the screen's state, answers its keys and
/// draws it (``ScreenController``). The main screen (``MainController``) is always at the bottom.
typealias Screen = any ScreenController

extension ScreenController {
    /// Whether this is a grid of its own (query results, a frequency table, a column summary),
    /// which the next statement's results replace.
    var showsResults: Bool {
        [.results, .frequency, .pivot, .summary].contains(mode)
    }

    /// Whether this is the screen of `mode` (the help, the pending changes, the conflicts).
    func isPage(_ mode: Mode) -> Bool {
        self.mode == mode
    }
}
