/// The record view: one row of a grid, with its own scroll position.
///
/// The row shown is the grid's cursor row, so moving between records moves the grid cursor too.
struct RecordViewState {
    /// The grid whose cursor row is shown.
    let grid: GridModel
    /// The first wrapped line shown.
    var scroll: Int = 0
}
