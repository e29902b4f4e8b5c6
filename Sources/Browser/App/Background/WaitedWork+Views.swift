import ORMCore

/// A grid's changes of view that the screen waits for: a sort or a filter read in the background,
/// and what waits for a grid's last row or its key snapshot.
extension WaitedWork {
    /// Replaces the grid's source with the same rows sorted and filtered differently, computed in
    /// the background for a table (a sort of a million unindexed rows takes a while), then calls
    /// `done` with the new source.
    ///
    /// The cursor goes to the first row, or with `keepingRow` (a sort, a filter) stays on the row
    /// it was on when that row is still shown: its position in the new order is found in the
    /// background too. With `plain` a table's view also loses its computed columns and its join
    /// (`q` on the main screen: the table as it opens).
    func changeView(of grid: GridModel, sort: GridSort?, filter: String?, label: String, keepingRow: Bool = false,
                    plain: Bool = false, done: @escaping (RowSource) -> Void) {
        if waitsForLastRow(of: grid, then: { [unowned self] in
            changeView(of: grid, sort: sort, filter: filter, label: label, keepingRow: keepingRow, plain: plain, done: done)
        }) {
            return
        }
        let anchor = keepingRow ? (try? grid.row(at: grid.cursorRow)) ?? nil : nil
        guard let table = grid.source.keyedTable else {
            do {
                let source = try grid.source.applying(sort: sort, filter: filter)
                grid.replaceSource(source, cursorRow: try anchor.flatMap { try grid.position(of: $0, in: source) })
                done(source)
            } catch {
                host.report(error, doing: filter != grid.source.filter ? "filter" : "sort")
            }
            return
        }
        let doing = filter != table.filter ? "filter" : "sort"
        let key: RowKey? = if case .stored(let row) = anchor { row.key } else { nil }
        // Esc stops SQLite too: a slow filter given up on must not keep a reader busy.
        let interruption = Interruption()
        let background = BackgroundResult { () throws -> (source: TableSource, position: Int?) in
            try interruption.run {
                let source = plain ? try table.plain(interruption: interruption)
                    : try table.changed(sort: sort, filter: filter, interruption: interruption)
                // Where the cursor's row is now: waits for the key snapshot, here and not on the main loop.
                return (source, try key.flatMap { try source.index(ofKey: $0) })
            }
        }
        run(PendingWork(label: label, isReady: { background.result != nil }, complete: { [unowned self] in
            switch background.result {
            case .success(let changed):
                var position = changed.position
                if case .new = anchor {
                    position = try? grid.position(of: anchor, in: changed.source)
                }
                grid.replaceSource(changed.source, cursorRow: position)
                done(changed.source)
            case .failure(let error):
                host.report(error, doing: doing)
            case nil:
                break
            }
        }, cancel: interruption.interrupt))
    }

    /// While a statement at the SQL prompt still sends `grid`'s rows: runs `action` once reef's
    /// whole copy of them has taken their place, with a spinner meanwhile, and returns true (the
    /// caller stops there); returns false at once when every row is in. So a sort, a filter, a
    /// frequency table, a summary, an export or a copy asked for early does the same whenever the
    /// last row comes, in a script too.
    func waitsForLastRow(of grid: GridModel, then action: @escaping () -> Void) -> Bool {
        guard grid.source.isFilling else {
            return false
        }
        run(PendingWork(label: "waiting for the last row", isReady: { !grid.source.isFilling }, complete: action))
        return true
    }

    /// Runs `action` once the grid knows every row's position, at once when it does already, else
    /// after its key snapshot is read (with a spinner meanwhile). Returns whether it ran at once.
    @discardableResult
    func whenCounted(_ grid: GridModel, _ action: @escaping () -> Void) -> Bool {
        guard grid.source.isCounting else {
            action()
            return true
        }
        let source = grid.source
        run(PendingWork(label: "reading the rows of \(Sanitizer.sanitize(source.title))",
                        isReady: { !source.isCounting }, complete: action))
        return false
    }
}
