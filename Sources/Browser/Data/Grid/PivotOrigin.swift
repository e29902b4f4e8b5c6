/// What a pivot table pivots: the table made (its query and columns) and the grid whose rows it
/// aggregates, which `Enter` on a cell opens the rows of.
struct PivotOrigin {
    /// The pivot table: its query and the values given a column.
    let table: PivotTable
    /// The grid pivoted.
    let grid: GridModel
}
