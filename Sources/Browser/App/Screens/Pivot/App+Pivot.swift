import ORMCore

extension App: PivotHost {
    /// `Enter` on a pivot table: the rows of the grid pivoted behind the cell under `table`'s
    /// cursor (the grid's own filter, the row's key and the column's value bound; NULL as
    /// `IS NULL`; the `Total` column the key alone, the totals row the value alone), in a grid of
    /// their own over the pivot table, which `q` or `Esc` goes back to.
    func openPivotCell(in table: GridModel, origin: PivotOrigin) -> Outcome {
        do {
            guard case .stored(let row)? = try table.row(at: table.cursorRow), let first = row.values.first else {
                return .redraw
            }
            let isTotals = try table.source.isPinned(row: table.cursorRow)
            var key: SQLValue?
            if !isTotals {
                guard let value = first.sqlValue else {
                    say(.error("the value is too long to filter by here: filter with f and a condition of your own"))
                    return .redraw
                }
                key = value
            }
            try openRows(of: origin.table.group(key: key, column: table.cursorColumn), from: origin.grid, back: "the pivot table")
        } catch {
            report(error, doing: "filter")
        }
        return .redraw
    }
}
