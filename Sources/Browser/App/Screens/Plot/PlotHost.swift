import ORMCore

/// What a plot or a histogram screen asks of the ``App`` it sits in: work in the background
/// (the database reading a zoom or new bins, with a spinner, `Esc` stopping it), and the rows
/// behind a region or a bar in a grid of their own.
protocol PlotHost: AnyObject {
    /// Runs `work` in the background, labelled `label` and its progress in the status bar, and
    /// hands its value to `done` on the main loop; nil (no rows) says `empty`, an error goes to
    /// the status bar.
    func runPlotWork<Value: Sendable>(label: String, empty: String, work: @escaping @Sendable (PlotProgress) throws -> Value?,
                                      done: @escaping (Value) -> Void) -> Outcome

    /// Opens the rows of `grid` in `group` over the screen on top, `back` naming that screen.
    func openPlotRows(of group: RowGroup, from grid: GridModel, back: String) -> Outcome

    /// Opens `table` (a histogram's bins) in a grid of its own over the screen on top, `back`
    /// naming that screen, and runs `command` there (`X` exports it, `gY` copies it).
    func openPictureTable(_ table: RowSource, back: String, then command: Command) -> Outcome
}

extension App: PlotHost {
    func runPlotWork<Value: Sendable>(label: String, empty: String, work: @escaping @Sendable (PlotProgress) throws -> Value?,
                                      done: @escaping (Value) -> Void) -> Outcome {
        let progress = PlotProgress()
        let interruption = Interruption()
        let background = BackgroundResult(wakeup: wakeup) {
            try interruption.run { try work(progress) }
        }
        run(PendingWork(label: label, isReady: { background.result != nil }, complete: { [unowned self] in
            switch background.result {
            case .success(let value?): done(value)
            case .success(nil): say(.info(empty))
            case .failure(let error): report(error, doing: "plot")
            case nil: break
            }
        }, cancel: interruption.interrupt, progress: { progress.text }))
        return .redraw
    }

    func openPictureTable(_ table: RowSource, back: String, then command: Command) -> Outcome {
        let grid = GridModel(source: table)
        state.screens.append(QueryResultsController(grid: grid, host: self))
        say(.info("q: back to \(back)"))
        return performOnGrid(command, grid: grid, isTable: false)
    }

    func openPlotRows(of group: RowGroup, from grid: GridModel, back: String) -> Outcome {
        do {
            try openRows(of: group, from: grid, back: back)
        } catch {
            report(error, doing: "filter")
        }
        return .redraw
    }
}
