/// What a column summary (`I`) summarises: the grid whose columns it describes, which `Enter`
/// on a row goes back to (the cursor on that column) and whose columns `F` counts.
struct SummaryOrigin {
    /// The grid summarised.
    let grid: GridModel
}
