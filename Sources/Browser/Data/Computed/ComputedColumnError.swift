/// Why a computed column was refused before the database was asked.
enum ComputedColumnError: Error, Equatable, CustomStringConvertible {
    /// The view has a column of that name already (the name it has is given).
    case nameTaken(String)
    /// The expression's value is not its row's alone: an aggregate or a window function (the
    /// database's reason is given).
    case notOfItsRow(String)

    /// What the status bar and the prompt say.
    var description: String {
        switch self {
        case .nameTaken(let name):
            "the view has a column \(name) already: name the new one with AS"
        case .notOfItsRow(let reason):
            "a computed column takes its value from its own row (no aggregate or window function): \(reason)"
        }
    }
}
