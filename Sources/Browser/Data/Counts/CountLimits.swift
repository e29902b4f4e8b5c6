/// When background counts give up (shown as `?`, counted again on request: Enter in the table
/// list, `r`): a view that never ends must not count for the whole session.
struct CountLimits: Sendable {
    /// The longest a count in the table list runs, unless it was asked for.
    var catalogTime: Duration
    /// The longest a grid's count (its key snapshot) runs while nothing waits for it, unless it
    /// was asked for with `r`.
    var gridTime: Duration
    /// How long a count goes on while its table is out of sight (not in the rows of the table
    /// list drawn, or a grid not shown).
    var outOfSight: Duration
    /// The rows from which a table named by a change only as part of "every table" (PostgreSQL,
    /// before the server tells which table changed) is neither counted nor read again until a
    /// change names it for sure.
    var unconfirmedRows = 100_000

    /// Ten seconds in the table list, sixty for a grid, two out of sight; tables of 100,000 rows
    /// or more wait for a change that names them.
    static let standard = CountLimits(catalogTime: .seconds(10), gridTime: .seconds(60), outOfSight: .seconds(2))

    /// `duration` for messages: `10 s`, `250 ms`.
    static func describe(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return seconds >= 1 ? "\(seconds) s" : "\(attoseconds / 1_000_000_000_000_000) ms"
    }
}
