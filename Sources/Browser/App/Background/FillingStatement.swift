/// A statement from the SQL prompt whose first rows are shown (in ``grid``) while the rest still
/// arrive: the ticks count its rows in the status bar and, once it has ended, put reef's whole
/// copy of them in the grid (``BackgroundEvent/statementFilled(_:)``).
final class FillingStatement {
    /// The grid showing the rows as they arrive; nil once closed.
    weak var grid: GridModel?
    /// The rows arrived so far.
    let progress: ProgressCounter
    /// Whether the statement has ended.
    private let isReady: () -> Bool
    /// Shows what the statement did, on the main loop.
    private let complete: () -> Void
    /// Stops the statement (it keeps the writer until it ends).
    let stop: () -> Void

    /// A statement shown in `grid`, counting on `progress`, done once `isReady`; `complete`
    /// shows what it did, `stop` stops it.
    init(grid: GridModel, progress: ProgressCounter, isReady: @escaping () -> Bool, complete: @escaping () -> Void,
         stop: @escaping () -> Void) {
        self.grid = grid
        self.progress = progress
        self.isReady = isReady
        self.complete = complete
        self.stop = stop
    }

    /// Whether the statement has ended.
    var ready: Bool {
        isReady()
    }

    /// Shows what the statement did.
    func finish() {
        complete()
    }
}
