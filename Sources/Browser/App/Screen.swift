/// A view on the screen stack; the main screen (table list and grid) is always at the bottom.
enum Screen {
    /// The table list and the grid of the selected table.
    case main
    /// The results of a query, in a grid of their own.
    case results(GridModel)
    /// One row of a grid, shown vertically.
    case record(RecordViewState)
    /// A page of text: the schema of a table, the pending changes, conflicts.
    case schema(TextScreen)
    /// The key help.
    case help(HelpView)

    /// The status-bar mode label.
    var mode: String {
        switch self {
        case .main: "BROWSE"
        case .results: "RESULTS"
        case .record: "RECORD"
        case .schema(let screen): screen.mode
        case .help: "HELP"
        }
    }
}
