/// The work the screen waits for, and whether background work of any kind (counts, an export,
/// a refresh) was running at the last tick, so the screen is drawn once more when it ends.
struct PendingState {
    /// Work the browser waits for (a sort of a big table, say), with the keys typed meanwhile.
    var work: PendingWork?
    /// A statement from the SQL prompt stopped with Esc and not yet ended: once it has, the rows
    /// that arrived are shown, unless other work is waited for by then (a statement run since
    /// replaces it).
    var stoppedStatement: PendingWork?
    /// A statement from the SQL prompt whose first rows are shown while the rest still arrive.
    var fillingStatement: FillingStatement?
    /// The statements from the SQL prompt not yet ended (shown, stopped or waited for): reef
    /// stops them and removes their copies of the rows when it ends.
    var runningStatements: [StatementRunner] = []
    /// Whether background work was running at the last tick (true at first, so the first screen
    /// is drawn again once the counts that started with it are done).
    private(set) var wasBusy = true

    /// Notes whether background work runs now; returns whether the screen needs drawing for it:
    /// while it runs (the spinner turns) and once more when it has ended.
    mutating func tick(busy: Bool) -> Bool {
        defer { wasBusy = busy }
        return busy || wasBusy
    }

    /// Notes that a key started background work, so the tick that sees it end draws once more.
    mutating func noteBusy() {
        wasBusy = true
    }
}
