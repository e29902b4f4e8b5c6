/// A screen showing a grid of its own (query results, a frequency table, a column summary): it
/// reads the rows on screen before the frame and draws them (``GridPane``), and hands the grid's
/// own commands (moving, searching, sorting, copying…) to its ``GridScreenHost``. Each such
/// screen answers its own keys (`Enter`, `Esc`) before those.
protocol GridScreenController: ScreenController {
    /// The grid shown.
    var gridShown: GridModel { get }
    /// The rows on screen as last prepared.
    var pane: GridPane { get set }
    /// The app the grid's commands go to.
    var host: any GridScreenHost { get }
}

extension GridScreenController {
    var grid: GridModel? {
        gridShown
    }

    func prepare(in area: Rect) -> StatusMessage? {
        pane.prepare(gridShown, in: area).map { .error(UserMessage.describe($0)) }
    }

    func render(in area: Rect, into buffer: inout ScreenBuffer, theme: Theme) {
        pane.render(in: area, into: &buffer, theme: theme, filtered: gridShown.source.filter != nil)
    }

    /// Runs `command` on the grid, as any grid does (not a table's: nothing is edited).
    func performOnGrid(_ command: Command) -> ScreenReply {
        .carriedOut(host.performOnGrid(command, grid: gridShown, isTable: false))
    }

    /// `Esc` and `q` on a grid whose rows may still be arriving (a statement's): `Esc` while they
    /// arrive and are counted stops the statement, the rows that came staying; else the screen
    /// closes, stopping the statement if it has not sent its last row. Nil for other commands.
    func stopOrClose(_ command: Command) -> ScreenReply? {
        let source = gridShown.source
        switch command {
        case .cancel where source.isFilling && source.isCounting:
            source.stopCounting("stopped")
            return .say(.info("cancelled: running SQL"))
        case .back, .cancel:
            if source.isFilling {
                source.stopCounting("closed")
            }
            return .close
        default:
            return nil
        }
    }
}
