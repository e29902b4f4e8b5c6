/// Why the database file could not be opened: printed as one line, `reef: FILE: REASON`.
struct OpenError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The path as given on the command line.
    var path: String
    /// What went wrong.
    var reason: String

    /// The message for standard error.
    var description: String {
        "reef: \(path): \(reason)"
    }
}
