/// A view on the screen stack; the main screen (table list and grid) is always at the bottom.
enum Screen {
    /// The table list and the grid of the selected table.
    case main
    /// The results of a query, a column's frequency table or the column summary, in a grid of their own.
    case results(GridModel)
    /// One row of a grid, shown vertically.
    case record(RecordViewState)
    /// A screen that answers for itself (``ScreenController``): the help, a table's schema, the
    /// pending changes, the conflicts.
    case controlled(any ScreenController)

    /// What the screen is for (the main screen's grid: ``Mode/browse``).
    var mode: Mode {
        switch self {
        case .main: .browse
        case .results(let grid): grid.summary != nil ? .summary : grid.frequency == nil ? .results : .frequency
        case .record: .record
        case .controlled(let controller): controller.mode
        }
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
