/// What the screen (or the open prompt) is for, named in the status bar's mode label: the
/// screens and text pages are told apart by it, never by the label's text.
enum Mode: String, Sendable, CaseIterable {
    /// The main screen, the grid focused.
    case browse = "BROWSE"
    /// The main screen, the table list focused.
    case tables = "TABLES"
    /// Query results.
    case results = "RESULTS"
    /// A column's frequency table (`F`).
    case frequency = "FREQUENCY"
    /// A plot of two columns (`.`).
    case plot = "PLOT"
    /// A column's histogram (`H`).
    case histogram = "HISTOGRAM"
    /// A pivot table (`W`).
    case pivot = "PIVOT"
    /// The column summary (`I`).
    case summary = "SUMMARY"
    /// The record view.
    case record = "RECORD"
    /// A table's schema.
    case schema = "SCHEMA"
    /// The staged changes as SQL (`p`).
    case pending = "PENDING"
    /// The rows a commit found changed meanwhile.
    case conflicts = "CONFLICTS"
    /// The key help.
    case help = "HELP"
    /// A statement's plan (`Ctrl-P` at the SQL prompt).
    case plan = "PLAN"
    /// The filter prompt.
    case filter = "FILTER"
    /// The search prompt.
    case search = "SEARCH"
    /// The go-to-row prompt.
    case goToRow = "GOTO"
    /// The SQL prompt.
    case sql = "SQL"
    /// The export prompt, and the question whether to replace a file.
    case export = "EXPORT"
    /// The cell editor.
    case edit = "EDIT"
    /// The question what to do with conflicting edits.
    case conflict = "CONFLICT"
    /// The question what to do with pending changes before quitting.
    case quit = "QUIT"
    /// The question whether to delete rows.
    case delete = "DELETE"
    /// The question whether to drop the staged changes.
    case revert = "REVERT"
    /// The line that takes the text typed after a refused key.
    case refused = "REFUSED"
    /// The prompt for a computed column's expression (`=`).
    case compute = "COMPUTE"
    /// The prompts for a join (`J`).
    case join = "JOIN"

    /// The status bar's label.
    var label: String {
        rawValue
    }
}
