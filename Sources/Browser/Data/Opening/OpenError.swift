/// Why the database could not be opened: printed as one line, `reef: FILE: REASON`, or for a
/// server `reef: REASON` (the reason names the server).
struct OpenError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The path as given on the command line; nil for a server.
    var path: String?
    /// What went wrong.
    var reason: String
    /// For a server that asked for a password none gave: the server, as `user@host:port/database`
    /// (reef may ask the user for it, ``PasswordOpening``). Nil otherwise.
    var passwordTarget: String?
    /// No connection to the server could be made (down, refusing, unreachable, the login
    /// refused): running again later may succeed (`reef --sql` exits with status 3).
    var isConnectionFailure = false

    /// The message for standard error.
    var description: String {
        path.map { "reef: \($0): \(reason)" } ?? "reef: \(reason)"
    }
}
