/// A view on the screen stack; the main screen (table list and grid) is always at the bottom.
enum Screen {
    /// The table list and the grid of the selected table.
    case main
    /// The results of a query, a column's frequency table or the column summary, in a grid of their own.
    case results(GridModel)
    /// One row of a grid, shown vertically.
    case record(RecordViewState)
    /// A page of text: the schema of a table, the pending changes, conflicts.
    case schema(TextScreen)
    /// The key help.
    case help(HelpView)

    /// What the screen is for (the main screen's grid: ``Mode/browse``).
    var mode: Mode {
        switch self {
        case .main: .browse
        case .results(let grid): grid.summary != nil ? .summary : grid.frequency == nil ? .results : .frequency
        case .record: .record
        case .schema(let screen): screen.mode
        case .help: .help
        }
    }

    /// Whether this is the text page of `mode` (the pending changes, the conflicts).
    func isPage(_ mode: Mode) -> Bool {
        if case .schema(let screen) = self {
            return screen.mode == mode
        }
        return false
    }
}
