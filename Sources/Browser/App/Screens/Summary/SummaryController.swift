/// The column summary (`I`, VisiData's describe sheet): a row of statistics for each column of
/// the grid summarised, computed in the background. `Enter` goes to the cursor row's column in the
/// grid summarised, `F` opens that column's frequency table, `Esc` stops the work while it runs
/// (then goes back), `q` goes back, `r` computes it again; the rest moves, searches and copies as
/// in any grid. The status bar says how far the work is.
final class SummaryController: GridScreenController {
    let gridShown: GridModel
    var pane = GridPane()
    unowned let host: any GridScreenHost
    /// The rows of the summary, computed in the background.
    let source: SummarySource
    /// The grid summarised.
    let origin: SummaryOrigin

    /// The summary `source` of `origin`'s grid, shown in `grid`, the grid's commands going to `host`.
    init(grid: GridModel, source: SummarySource, origin: SummaryOrigin, host: any GridScreenHost) {
        gridShown = grid
        self.source = source
        self.origin = origin
        self.host = host
    }

    var mode: Mode {
        .summary
    }

    /// The grid summarised: filtered from the summary's frequency table, it no longer matches.
    var describedGrid: GridModel? {
        origin.grid
    }

    func perform(_ command: Command, in area: Rect) -> ScreenReply {
        switch command {
        case .cancel where gridShown.source.isCounting:
            gridShown.source.stopCounting("stopped")
            return .redraw
        case .back, .cancel:
            return .close
        case .open, .frequency:
            let (column, failure) = summarisedColumn(gridShown.cursorRow)
            guard let column else {
                return failure.map(ScreenReply.say) ?? .redraw
            }
            if command == .open {
                origin.grid.moveCursor(toColumn: column)
                return .close
            }
            host.openFrequency(of: origin.grid, column: column)
            return .redraw
        case .summary:
            return .say(.info("this is a summary already: I summarises a table, a view or query results"))
        case .switchFocus:
            return .notAKey
        case .reload:
            // Computed again, with no time limit; its progress says more than "reloaded".
            gridShown.countsWithoutLimit = true
            do {
                try gridShown.reload()
            } catch {
                return .say(.error(UserMessage.describe(error)))
            }
            return .redraw
        default:
            return performOnGrid(command)
        }
    }

    func status(spinnerFrame: Int) -> StatusMessage? {
        let task = source.task
        let (complete, total) = task.progress
        let columns = "\(complete) of \(total) column\(total == 1 ? "" : "s")"
        if task.isRunning {
            return .working("summarising: \(columns)  (Esc stops)", frame: spinnerFrame)
        }
        if let failure = task.failure {
            return .error("summary: \(failure)")
        }
        if task.stopReason != nil {
            return .info("stopped with \(columns) summarised: r computes again")
        }
        return .info("Enter: go to the column  F: its values  q: back")
    }

    /// The column of the grid summarised that summary row `row` describes, by name (the grid may
    /// show other columns by now); nil when it has none, with what the status bar says when the
    /// column is gone.
    private func summarisedColumn(_ row: Int) -> (column: Int?, failure: StatusMessage?) {
        guard source.summarised.indices.contains(row) else {
            return (nil, nil)
        }
        let name = source.summarised[row]
        let grid = origin.grid
        guard let index = grid.source.columns.firstIndex(where: { $0.name == name }) else {
            return (nil, .error("\(Sanitizer.sanitize(name)) is no longer a column of \(Sanitizer.sanitize(grid.source.title))"))
        }
        return (index, nil)
    }
}
