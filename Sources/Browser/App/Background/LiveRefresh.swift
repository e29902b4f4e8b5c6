/// A table being read again in the background after committed changes touched it: first the rows
/// on screen, by key (shown as soon as they are in), then the whole view with its key snapshot.
struct LiveRefresh {
    /// The grid that shows the table.
    let grid: GridModel
    /// The source read again: if the grid shows another by the time the refresh is ready (sorted
    /// meanwhile, say), the refresh is dropped.
    let base: TableSource
    /// What changed, for the status bar.
    let changes: LiveChanges.Summary
    /// The rows that were on screen, read again by key (nil for rows without a key: a view's).
    var onScreen: BackgroundResult<[RowKey: SourceRow]>?
    /// The table read again, key snapshot included, and which of its rows with staged changes
    /// it no longer has.
    let fresh: BackgroundResult<Refreshed>

    /// A table read again.
    struct Refreshed {
        /// Its rows now.
        var source: TableSource
        /// The keys of the rows with staged changes looked for.
        var stagedRows: Set<RowKey>
        /// Those the table no longer has: another session deleted them.
        var missing: Set<RowKey>
    }
}
