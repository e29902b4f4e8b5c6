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
    /// The table read again, key snapshot included.
    let fresh: BackgroundResult<TableSource>
}
