/// A table being read again in the background after committed changes touched it.
struct LiveRefresh {
    /// The grid that shows the table.
    let grid: GridModel
    /// What changed, for the status bar.
    let changes: LiveChanges.Summary
    /// The table read again, key snapshot included.
    let fresh: BackgroundResult<TableSource>
}
