/// A problem in a theme file, with the file and 1-based line it was found on.
struct ThemeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The theme file name.
    var file: String
    /// The 1-based line number; 0 when the problem is not on one line (e.g. an unknown parent).
    var line: Int
    /// What is wrong.
    var problem: String

    /// The message for the user, e.g. `my.theme:4: unknown colour "blu"`.
    var description: String {
        line > 0 ? "\(file):\(line): \(problem)" : "\(file): \(problem)"
    }
}
