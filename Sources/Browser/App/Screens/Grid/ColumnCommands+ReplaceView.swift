import ORMCore

/// A view of a table read again in the background in place of the one shown: a computed column
/// added or dropped, a join made or left.
extension ColumnCommands {
    /// Shows the view `make` reads (under the interruption it is given) in place of `table`'s, in
    /// the background, the cursor kept on its row; `done` runs once it is shown. An error leaves
    /// the view as it was, reported as a failure of `doing`.
    func replaceView(of table: TableSource, label: String, doing: String, make: @escaping @Sendable (Interruption) throws -> TableSource,
                     done: @escaping (TableSource) -> Void) {
        let row = grid.cursorRow
        let interruption = Interruption()
        let background = BackgroundResult(wakeup: app.wakeup) {
            try interruption.run { try make(interruption) }
        }
        let grid = grid
        let app = app
        app.run(PendingWork(label: label, isReady: { background.result != nil }, complete: {
            switch background.result {
            case .success(let source):
                guard grid.source as AnyObject === table else {
                    return
                }
                grid.replaceSource(source, cursorRow: row)
                done(source)
            case .failure(let error):
                app.report(error, doing: doing)
            case nil:
                break
            }
        }, cancel: interruption.interrupt))
    }
}
