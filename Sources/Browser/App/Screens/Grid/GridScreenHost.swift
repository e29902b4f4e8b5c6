/// What a screen showing a grid (``GridScreenController``, the record view too) asks of the
/// ``App`` it sits in: the grid's own commands, and the screens and filters that reach past it.
protocol GridScreenHost: AnyObject {
    /// Runs `command` on `grid` as a grid does, moving, searching, sorting, filtering, copying,
    /// editing a table's rows (``App/performOnGrid(_:grid:isTable:)``); `isTable` tells a
    /// table's grid from query results.
    func performOnGrid(_ command: Command, grid: GridModel, isTable: Bool) -> Outcome

    /// `Enter` on a frequency table: back to the grid it counts (`origin`), filtered to the rows
    /// holding the value under `table`'s cursor; an error goes to the status bar.
    func filterToFrequencyValue(in table: GridModel, origin: FrequencyOrigin) -> Outcome

    /// `F`: opens the frequency table of column `index` of `grid` (its cursor column when nil).
    func openFrequency(of grid: GridModel, column index: Int?)
}
