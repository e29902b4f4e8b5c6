import ORMCore

/// Live refresh: the shown table read again after committed changes, this session's or another
/// process's, with the cursor kept on its row by key. Made by the tick for each
/// ``BackgroundEvent/tableChanged``; the refresh under way and the changes that came meanwhile
/// are the app's (``App/live``), the status bar is spoken to through the app.
struct LiveRefresher {
    /// The app: the catalog, the open tables, the staged changes, the status bar.
    unowned let app: App

    /// Reloads the shown table when committed changes touched it (keeping the cursor on its row by
    /// key) and the table list's counts, and says in the status bar what changed.
    ///
    /// A table is read again in the background, key snapshot included, and shown once ready: the
    /// old rows stay on screen meanwhile and keys keep working.
    func refreshAfterChanges() -> Bool {
        let adopted = adoptRefreshedTable()
        guard let taken = app.liveChanges.take() else { return adopted }
        // A big table named only as part of "every table" is left for the change that names it
        // (its statistics, 1 to 10 s later): counting it and reading it again each second while
        // another session commits elsewhere in the database would load the server for nothing.
        let changes = taken.leaving(taken.unconfirmed.filter(isCostlyToReadAgain))
        guard !changes.tables.isEmpty else { return adopted }
        app.editing.recheckNewRows()
        let shownBefore = app.selectedTableName
        let namesBefore = Set(app.catalog.names.map(\.name))
        // This session's changes name tables only: the views reading them are counted again too.
        let views = changes.own ? app.catalog.names.filter { $0.kind == .view }.map(\.name) : []
        try? app.tableBrowser.refreshCatalog(changed: changes.tables.union(views))
        if let shownBefore, !app.catalog.names.contains(where: { $0.name == shownBefore }) {
            // The table on screen is gone: say so, rather than announce the table now in its place.
            tableGone(shownBefore, renamedTo: Set(app.catalog.names.map(\.name)).subtracting(namesBefore), by: changes)
            return true
        }
        // Grids of other tables catch up when they are shown again.
        let shown = app.selectedTableName
        for (name, grid) in app.tables.grids where name != shown && Self.isAffected(grid, by: changes) {
            app.tables.stale.insert(name)
        }
        guard let grid = app.selectedTableGrid, Self.isAffected(grid, by: changes) else { return true }
        guard let table = grid.source.keyedTable else {
            do {
                try grid.reload()
            } catch {
                app.say(.error("refresh failed: \(UserMessage.describe(error))"))
                return true
            }
            announce(changes, in: grid)
            return true
        }
        if let running = app.live.running, running.grid === grid {
            // One refresh of the whole table at a time: a writer committing faster than a big
            // table reads again gets one more refresh once this one is shown, not a pile of them.
            // The rows on screen are read again at once all the same.
            app.live.deferChanges(changes)
            app.live.running?.onScreen = readOnScreen(of: grid, table: table)
            return true
        }
        startRefresh(of: grid, table: table, changes: changes)
        return adoptRefreshedTable() || true
    }

    /// Whether reading table `name` again (counting it, reading the open grid's table whole) costs
    /// at least ``CountLimits/unconfirmedRows`` rows, or an unknown number: by the table list's
    /// count, else an unfiltered grid's.
    private func isCostlyToReadAgain(_ name: String) -> Bool {
        // The table's rows, not a filtered grid's: reading a filter again reads the table.
        if case .done(let count) = app.catalog.count(of: name) {
            return count >= app.countLimits.unconfirmedRows
        }
        if let grid = app.tables.grids[name], grid.source.filter == nil, let count = grid.source.knownCount {
            return count >= app.countLimits.unconfirmedRows
        }
        return true
    }

    /// The table on screen, `name`, was dropped (or renamed, when the only name new to the list is
    /// one of `renamedTo`): its grid and the record views over it close, the table now selected in
    /// its place is shown, and the status bar says what happened. A renamed table is followed.
    private func tableGone(_ name: String, renamedTo newNames: Set<String>, by changes: LiveChanges.Summary) {
        let who = changes.external ? "another process" : "this session"
        if let grid = app.tables.close(name) {
            app.state.screens.removeAll { $0.grid === grid }
            if app.live.running?.grid === grid {
                app.live.stop()
            }
        }
        if newNames.count == 1, let renamed = newNames.first,
           let index = app.catalog.names.firstIndex(where: { $0.name == renamed }) {
            app.tableBrowser.selectTable(index)
            app.say(.error("\(Sanitizer.sanitize(name)) was renamed to \(Sanitizer.sanitize(renamed)) by \(who)"))
        } else {
            app.say(.error("\(Sanitizer.sanitize(name)) was dropped by \(who)"))
        }
    }

    /// Starts reading `table` again in the background for `grid`: the rows on screen first, by
    /// key, then the whole table with its key snapshot.
    private func startRefresh(of grid: GridModel, table: TableSource, changes: LiveChanges.Summary) {
        let staged = table.tableName.map { app.editing.staging.edits(of: $0).storedKeys } ?? []
        let fresh = BackgroundResult(wakeup: app.wakeup) { () throws -> LiveRefresh.Refreshed in
            let source = try table.refreshed()
            _ = try source.count()
            let found = staged.isEmpty ? [:] : try source.rows(withKeys: staged)
            return LiveRefresh.Refreshed(source: source, stagedRows: Set(staged),
                                         missing: Set(staged.filter { found[$0] == nil }))
        }
        app.live.running = LiveRefresh(grid: grid, base: table, changes: changes,
                                  onScreen: readOnScreen(of: grid, table: table), fresh: fresh)
    }

    /// The rows on screen in `grid`, read again by key in the background (nil when they have no key).
    private func readOnScreen(of grid: GridModel, table: TableSource) -> BackgroundResult<[RowKey: SourceRow]>? {
        let keys = grid.keysOnScreen()
        guard !keys.isEmpty else {
            return nil
        }
        return BackgroundResult(wakeup: app.wakeup) { try table.rows(withKeys: keys) }
    }

    /// Whether `changes` touch what `grid` shows: its table or a table joined to it
    /// (``TableSource/readTables``), or, for a view, a table it may read (another process's
    /// changes name the views themselves; this process's name only tables).
    private static func isAffected(_ grid: GridModel, by changes: LiveChanges.Summary) -> Bool {
        let source = grid.source
        if changes.tables.contains(source.title) || !changes.tables.isDisjoint(with: source.keyedTable?.readTables ?? []) {
            return true
        }
        return changes.own && source.keyedTable?.table.info.kind == .view
    }

    /// Shows the rows on screen read again, then the table read again in the background, as each
    /// is ready; returns whether it showed anything.
    private func adoptRefreshedTable() -> Bool {
        let shownOnScreen = showRowsReadAgain()
        guard let refresh = app.live.running, let result = refresh.fresh.result else { return shownOnScreen }
        app.live.running = nil
        // Changes that came meanwhile get one more refresh, from whatever the grid shows now.
        defer {
            if app.live.deferred != nil, let current = refresh.grid.source.keyedTable, let deferred = app.live.takeDeferred() {
                startRefresh(of: refresh.grid, table: current, changes: deferred)
            }
        }
        guard refresh.grid.source === refresh.base else {
            return false  // sorted, filtered or reloaded meanwhile: already fresh
        }
        do {
            // Rows read again by key after this refresh started are newer than it: kept until the
            // next one is shown.
            let refreshed = try result.get()
            try refresh.grid.adopt(refreshed.source, keepingFreshRows: app.live.deferred != nil)
            if noteGoneRows(refreshed) {
                return true
            }
        } catch {
            app.say(.error("refresh failed: \(UserMessage.describe(error))"))
            return true
        }
        announce(refresh.changes, in: refresh.grid)
        return true
    }

    /// Notes the rows with staged changes that `refreshed` no longer has; when some are newly
    /// gone, says so (over the refresh's notice) and returns true.
    private func noteGoneRows(_ refreshed: LiveRefresh.Refreshed) -> Bool {
        guard let name = refreshed.source.tableName, !refreshed.stagedRows.isEmpty, app.editing.staging.edits[name] != nil else {
            return false
        }
        let before = app.editing.staging.edits(of: name).gone
        app.editing.staging.edits[name]?.noteRows(checked: refreshed.stagedRows, missing: refreshed.missing)
        let newlyGone = app.editing.staging.edits(of: name).gone.subtracting(before).count
        guard newlyGone > 0 else {
            return false
        }
        let rows = newlyGone == 1 ? "a row" : "\(newlyGone) rows"
        app.say(.error("\(rows) of \(Sanitizer.sanitize(name)) with staged changes \(newlyGone == 1 ? "was" : "were") deleted"
                   + " meanwhile: p shows \(newlyGone == 1 ? "it" : "them"), u undoes"))
        return true
    }

    /// Shows the rows on screen read again by key, once they are in; returns whether it did.
    private func showRowsReadAgain() -> Bool {
        guard let refresh = app.live.running, let result = refresh.onScreen?.result else {
            return false
        }
        app.live.running?.onScreen = nil
        guard refresh.grid.source === refresh.base, let rows = try? result.get() else {
            return false  // sorted or reloaded meanwhile, or the read failed: the whole refresh says
        }
        refresh.grid.showFresh(rows)
        announce(refresh.changes, in: refresh.grid)
        return true
    }

    /// Says in the status bar what changed, over nothing or an older notice of the same kind: a
    /// message the user's last key produced (a commit's result, an error, a copy) stays until the
    /// next key, as every message does, however late the refresh comes. The rows counted are this
    /// session's own (another process's commits are known by table only).
    ///
    /// Only a grid on screen is announced: one hidden under another screen (the main screen's
    /// table under the results of the statement that changed it) is refreshed silently, else its
    /// notice would come whenever the read ends, keys after the screen the user looks at.
    private func announce(_ changes: LiveChanges.Summary, in grid: GridModel) {
        guard app.state.message == nil || app.state.message?.isLive == true, isOnScreen(grid) else { return }
        let table = grid.source.title
        let who = switch (changes.own, changes.external) {
        case (true, true): "this session and another process"
        case (false, _): "another process"
        case (true, false): "this session"
        }
        let rows = changes.external ? 0 : changes.rows
        let what = rows > 0 ? "\(rows) row\(rows == 1 ? "" : "s") changed" : "changed"
        app.say(.live("\(table) \(what) by \(who): refreshed"))
    }

    /// Whether `grid` is on the visible screen: the top screen's grid, or the selected table's
    /// grid beside the table list.
    func isOnScreen(_ grid: GridModel) -> Bool {
        app.state.top.grid === grid || (app.state.isMainOnTop && app.selectedTableGrid === grid)
    }
}
