/// A pivot table (`W`, VisiData's pivot sheet): a row per value of the key column, a column per
/// frequent value of another, each cell an aggregate, with totals, in a grid of its own. `Enter`
/// on a cell opens the rows behind it; `q` or `Esc` goes back; the rest moves, sorts, searches,
/// copies and exports as in any grid.
final class PivotController: GridScreenController {
    let gridShown: GridModel
    var pane = GridPane()
    unowned let pivotHost: any PivotHost
    /// The table made and the grid pivoted.
    let origin: PivotOrigin

    /// The pivot table in `grid` of `origin`'s grid, the grid's commands going to `host`.
    init(grid: GridModel, origin: PivotOrigin, host: any PivotHost) {
        gridShown = grid
        self.origin = origin
        pivotHost = host
    }

    var host: any GridScreenHost {
        pivotHost
    }

    var mode: Mode {
        .pivot
    }

    func perform(_ command: Command, in area: Rect) -> ScreenReply {
        if let reply = stopOrClose(command) {
            return reply
        }
        switch command {
        case .open: return .carriedOut(pivotHost.openPivotCell(in: gridShown, origin: origin))
        case .switchFocus: return .notAKey
        default: return performOnGrid(command)
        }
    }
}
