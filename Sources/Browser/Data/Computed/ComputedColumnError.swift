/// Why a computed column was refused before the database was asked.
enum ComputedColumnError: Error, Equatable, CustomStringConvertible {
    /// The view has a column of that name already (the name it has is given).
    case nameTaken(String)

    /// What the status bar and the prompt say.
    var description: String {
        switch self {
        case .nameTaken(let name):
            "the view has a column \(name) already: name the new one with AS"
        }
    }
}
