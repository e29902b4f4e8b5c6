/// The grid's commands, which the app runs for the screens showing a grid (``GridScreenHost``,
/// ``RecordHost``) as ``GridCommands``.
extension App {
    /// Runs a command on a grid (``GridCommands/perform(_:)``); `isTable` tells a table's grid
    /// from query results. The outcome always redraws, with a copy or an edit in the user's
    /// editor when the command asks for one.
    func performOnGrid(_ command: Command, grid: GridModel, isTable: Bool) -> Outcome {
        GridCommands(app: self, grid: grid, isTable: isTable).perform(command)
    }

    /// Moves the cursor of `grid` to its last row (``GridCommands/moveToLastRow()``).
    func moveToLastRow(of grid: GridModel) {
        GridCommands(app: self, grid: grid, isTable: isTableGrid(grid)).moveToLastRow()
    }
}
