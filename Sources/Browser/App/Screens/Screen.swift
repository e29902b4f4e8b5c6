/// A view on the screen stack; the main screen (table list and grid) is always at the bottom.
enum Screen {
    /// The table list and the grid of the selected table.
    case main
    /// A screen that answers for itself (``ScreenController``): the record view, the help, a
    /// table's schema, the pending changes, the conflicts.
    case controlled(any ScreenController)

    /// What the screen is for (the main screen's grid: ``Mode/browse``).
    var mode: Mode {
        switch self {
        case .main: .browse
        case .controlled(let controller): controller.mode
        }
    }

    /// Whether this is a grid of its own (query results, a frequency table, a column summary),
    /// which the next statement's results replace.
    var showsResults: Bool {
        [.results, .frequency, .summary].contains(mode)
    }

    /// Whether this is the screen of `mode` that answers for itself (the help, the pending
    /// changes, the conflicts).
    func isPage(_ mode: Mode) -> Bool {
        if case .controlled(let controller) = self {
            return controller.mode == mode
        }
        return false
    }

    /// The controller of a screen that answers for itself, nil for the others.
    var controller: (any ScreenController)? {
        if case .controlled(let controller) = self {
            return controller
        }
        return nil
    }
}
