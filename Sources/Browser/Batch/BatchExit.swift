/// The exit statuses of `reef DB --sql`, documented in `--help` and `Documentation/reef.md`.
enum BatchExit: Int32, Sendable {
    /// Every statement ran.
    case ok = 0
    /// A statement failed (the ones after it did not run), or the database could not be opened
    /// (a missing file, not a database, a schema it does not have), or the rows could not be
    /// written to standard output.
    case failed = 1
    /// The command line was wrong: a bad `--format`, `--sql` with a flag that needs a screen, no
    /// statement to run.
    case usage = 2
    /// No connection to the PostgreSQL server could be made (it is down, refuses connections,
    /// cannot be reached or refused the login); running again later may succeed.
    case connection = 3
    /// Ctrl-C (SIGINT) stopped the statement running: SQLite's interrupt, a cancel request on
    /// the PostgreSQL server.
    case interrupted = 130
}
