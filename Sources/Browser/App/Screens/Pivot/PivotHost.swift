/// What a pivot table's screen asks of the ``App`` beyond any grid's commands.
protocol PivotHost: GridScreenHost {
    /// `Enter` on a pivot table: the rows of `origin`'s grid behind the cell under `table`'s
    /// cursor, in a grid of their own; an error goes to the status bar.
    func openPivotCell(in table: GridModel, origin: PivotOrigin) -> Outcome
}
