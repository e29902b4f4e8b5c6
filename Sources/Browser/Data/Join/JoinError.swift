/// Why a join asked for at the `J` prompts was refused before the database was asked.
enum JoinError: Error, Equatable, CustomStringConvertible {
    /// No table or view of that name, and no file at that path.
    case noSuchTable(String)
    /// The columns step named no column.
    case noColumns
    /// A pair of the columns step is not `column = column` or one name.
    case notAPair(String)
    /// A column that the view (nil) or the other table (its name) does not have.
    case noSuchColumn(String, in: String?)
    /// Not one of the kinds offered.
    case unknownKind(String, offered: [String])
    /// A file joined where the database cannot hold its rows for the join (the reason given).
    case fileNotAvailable(String)

    /// What the prompt and the status bar say.
    var description: String {
        switch self {
        case .noSuchTable(let name):
            "no table, view or CSV/JSON file named \(name)"
        case .noColumns:
            "name the columns to join on: column = other column, pairs separated by commas"
        case .notAPair(let text):
            "not a pair of columns: \(text) (write column = other column)"
        case .noSuchColumn(let name, let table):
            table.map { "\($0) has no column \(name)" } ?? "the view has no column \(name)"
        case .unknownKind(let text, let offered):
            "no join kind \(text): one of \(offered.joined(separator: ", "))"
        case .fileNotAvailable(let reason):
            reason
        }
    }
}
