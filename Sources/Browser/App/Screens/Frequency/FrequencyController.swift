/// A column's frequency table (`F`, VisiData's frequency sheet): each value with its count, in a
/// grid of its own. `Enter` goes back to the grid counted, filtered to the rows holding the value
/// under the cursor; `q` or `Esc` goes back; the rest moves, searches and copies as in any grid.
final class FrequencyController: GridScreenController {
    let gridShown: GridModel
    var pane = GridPane()
    unowned let host: any GridScreenHost
    /// The grid counted and the query that counted it.
    let origin: FrequencyOrigin

    /// The frequency table in `grid` of `origin`'s grid, the grid's commands going to `host`.
    init(grid: GridModel, origin: FrequencyOrigin, host: any GridScreenHost) {
        gridShown = grid
        self.origin = origin
        self.host = host
    }

    var mode: Mode {
        .frequency
    }

    func perform(_ command: Command, in area: Rect) -> ScreenReply {
        if let reply = stopOrClose(command) {
            return reply
        }
        switch command {
        case .open: return .carriedOut(host.filterToFrequencyValue(in: gridShown, origin: origin))
        case .switchFocus: return .notAKey
        default: return performOnGrid(command)
        }
    }
}
