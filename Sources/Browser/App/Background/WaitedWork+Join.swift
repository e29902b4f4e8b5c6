import ORMCore

/// Leaving a join (`[` on a joined view, `q` on the main screen): one join at a time, the latest
/// first, the view put back as it was before that join.
extension WaitedWork {
    /// Reads `grid`'s table view without its last join, in the background, with the sort and
    /// filter it had before that join (``GridModel/joinOrigins``), the cursor kept on its row
    /// number; the status bar says what the view is now. Does nothing on a view without a join.
    func leaveLastJoin(of grid: GridModel) {
        guard let table = grid.source.keyedTable, let left = table.join else {
            return
        }
        let origin = grid.joinOrigins.last ?? JoinOrigin(sort: nil, filter: table.filter)
        let row = grid.cursorRow
        let interruption = Interruption()
        let background = BackgroundResult {
            try interruption.run { try table.leavingLastJoin(sort: origin.sort, filter: origin.filter, interruption: interruption) }
        }
        run(PendingWork(label: "leaving the join with \(Sanitizer.sanitize(left.label))", isReady: { background.result != nil },
                        complete: { [unowned self] in
            switch background.result {
            case .success(let source):
                guard grid.source as AnyObject === table else {
                    return
                }
                grid.replaceSource(source, cursorRow: row)
                _ = grid.joinOrigins.popLast()
                // A file's rows on the server go with the view that joined them.
                if let held = left.sessionTable, !(source.keyedTable?.joins.contains { $0.sessionTable === held } ?? false) {
                    held.drop()
                }
                let now = source.joinLabel.map { "the view is \(Sanitizer.sanitize($0)) · [ leaves it" }
                    ?? "back to \(Sanitizer.sanitize(table.table.name))"
                host.say(.info("join with \(Sanitizer.sanitize(left.label)) left · \(now)"))
            case .failure(let error):
                host.report(error, doing: "join")
            case nil:
                break
            }
        }, cancel: interruption.interrupt))
    }
}
