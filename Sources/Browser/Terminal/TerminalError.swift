/// Why the real terminal could not be opened.
struct TerminalError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong.
    var reason: String

    /// The message for standard error.
    var description: String {
        "reef: \(reason)"
    }
}
