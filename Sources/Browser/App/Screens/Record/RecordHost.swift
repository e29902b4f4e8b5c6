/// What the record view asks of the ``App`` it sits in: the grid's own commands (search, sort,
/// filter, copy, edit, schema…) run on the grid behind it as they would on the grid's screen, and
/// a foreign key is followed from the main screen's grid.
protocol RecordHost: GridScreenHost {
    /// Whether `grid` is a table's grid (editable, its foreign keys followed), not query results.
    func isTableGrid(_ grid: GridModel) -> Bool

    /// Runs an editing command on the one row the record view shows: `dd` deletes it, not the
    /// marked rows; a refused edit holds the text typed after it. An error goes to the status bar.
    func performEditOnRecord(_ command: Command, grid: GridModel, isTable: Bool) -> Outcome

    /// Moves `grid`'s cursor to its last row (counting them in the background first when needed).
    func moveToLastRow(of grid: GridModel)

    /// `]` or `[` from the record view of `grid`'s cursor row: the record view closes, the foreign
    /// key is followed (or the jump undone) as in the grid, and a record view opens on the row
    /// arrived at.
    func follow(_ command: Command, fromRecordOf grid: GridModel) -> Outcome

    /// Whether `controller`'s screen is the visible one (a command may have opened another over it).
    func isOnTop(_ controller: any ScreenController) -> Bool
}
