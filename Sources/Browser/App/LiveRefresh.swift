/// A table being read again in the background after committed changes touched it.
struct LiveRefresh {
    /// The grid that shows the table.
    let grid: GridModel
    /// The source read again: if the grid shows another by the time the refresh is ready (sorted
    /// meanwhile, say), the refresh is dropped.
    let base: TableSource
    /// What changed, for the status bar.
    let changes: LiveChanges.Summary
    /// The table read again, key snapshot included.
    let fresh: BackgroundResult<TableSource>
}
