/// The results of a statement typed at the SQL prompt, in a grid of their own (filled as the rows
/// arrive): `Esc` stops the statement while it runs, `q` or `Esc` goes back; the rest moves,
/// searches, sorts, filters and copies as in any grid. The status bar tells how long the
/// statement took (``timing``) at the end of its right-hand side, when there is room.
final class QueryResultsController: GridScreenController {
    let gridShown: GridModel
    var pane = GridPane()
    unowned let host: any GridScreenHost
    /// How long the server took and the rows took to arrive, once the statement has ended.
    var timing: StatementTiming?
    /// Why the rows shown are not all the statement's, once it ended short of its last row:
    /// `stopped` (`Esc`) or `incomplete` (it failed, the server went away); nil when they are all.
    var cutShort: String?

    /// The results in `grid`, the grid's commands going to `host`.
    init(grid: GridModel, host: any GridScreenHost) {
        gridShown = grid
        self.host = host
    }

    var mode: Mode {
        .results
    }

    var statusNote: String? {
        timing?.description
    }

    var statusMark: String? {
        cutShort
    }

    func perform(_ command: Command, in area: Rect) -> ScreenReply {
        if let reply = stopOrClose(command) {
            return reply
        }
        return command == .switchFocus ? .notAKey : performOnGrid(command)
    }
}
