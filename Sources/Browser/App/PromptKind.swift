/// What the input line is asking for.
enum PromptKind: Hashable, Sendable {
    /// A `WHERE` expression.
    case filter
    /// Text to search for.
    case search
    /// A row number.
    case goToRow
    /// A SQL statement.
    case sql
    /// The path of a file to export the view to.
    case export

    /// The label drawn before the input.
    var label: String {
        switch self {
        case .filter: "WHERE "
        case .search: "/"
        case .goToRow: "Go to row: "
        case .sql: "SQL> "
        case .export: "Export to (.csv .jsonl .sql): "
        }
    }

    /// The status-bar mode while the prompt is open.
    var mode: String {
        switch self {
        case .filter: "FILTER"
        case .search: "SEARCH"
        case .goToRow: "GOTO"
        case .sql: "SQL"
        case .export: "EXPORT"
        }
    }
}
