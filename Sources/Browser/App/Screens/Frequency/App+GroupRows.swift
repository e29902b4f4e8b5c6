import ORMCore

extension App {
    /// Opens the rows of `grid` that `group` stands for (the grid's own filter, and the group's
    /// condition with its values bound; nil: every row under the grid's filter), in a grid of their own over the screen on top, which `q`
    /// or `Esc` goes back to (`back` names it in the status bar: "the frequency table"). A table's
    /// rows are found through its key snapshot in the background, `Esc` stopping it.
    func openRows(of group: RowGroup?, from grid: GridModel, back: String) throws {
        let shown = { [unowned self] (source: RowSource) in
            let rows = GridModel(source: source, frozenColumns: grid.frozenColumns)
            rows.hiddenColumns = grid.hiddenColumns
            rows.aggregates = grid.aggregates
            rows.groupKeys = grid.groupKeys
            state.screens.append(QueryResultsController(grid: rows, host: self))
            say(.info("q: back to \(back)"))  // the title names the group, the status the filter
        }
        guard let group else {
            shown(grid.source)
            return
        }
        guard let keyed = grid.source.keyedTable else {
            guard let restricted = try grid.source.restricted(to: group) else {
                say(.error("these rows cannot be read again: run the query at the SQL prompt (e) again"))
                return
            }
            shown(restricted)
            return
        }
        let interruption = Interruption()
        let background = BackgroundResult(wakeup: wakeup) {
            try interruption.run { Handover(value: try keyed.restricted(to: group, interruption: interruption)) }
        }
        run(PendingWork(label: "filtering \(Sanitizer.sanitize(grid.source.title))", isReady: { background.result != nil },
                        complete: { [unowned self] in
            do {
                if let result = background.result {
                    shown(try result.get().value)
                }
            } catch {
                report(error, doing: "filter")
            }
        }, cancel: interruption.interrupt))
    }
}
