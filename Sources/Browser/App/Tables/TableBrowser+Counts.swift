/// The counts of rows nobody waits for stopped, the grids' counts handed to the table list, and
/// Esc stopping the counts the main screen waits for.
extension TableBrowser {
    /// Stops background counts nobody waits for (each then shows `?`, counted again on request):
    /// a grid's count once its grid has been out of sight for ``CountLimits/outOfSight``, or has
    /// run past ``CountLimits/gridTime`` with no key waiting for it (unless `r` asked for it); the
    /// table list's counts by the same rules (``Catalog/inSight(_:)``). Called on every tick.
    func stopCountsNobodyWaitsFor() {
        host.catalog.inSight(tableNamesInSight)
        let now = ContinuousClock.now
        let shown = host.currentGrid
        var grids = Array(host.tables.grids.values)
        for screen in host.state.screens where screen.showsResults {
            if let grid = screen.grid {
                grids.append(grid)
            }
        }
        let summaries = host.state.screens.filter { $0.mode == .summary }.compactMap { $0.grid }
        // A summary (`I`) computes while it is open, in sight or not: Esc stops it.
        // Nor is a statement's: its rows arriving stop when Esc stops it or its grid closes.
        for grid in grids where grid.source.isCounting && !summaries.contains(where: { $0 === grid }) && !grid.source.isFilling {
            guard grid === shown else {
                let since = grid.outOfSightSince ?? now
                grid.outOfSightSince = since
                if now - since >= host.countLimits.outOfSight {
                    grid.source.stopCounting("stopped while out of sight")
                }
                continue
            }
            grid.outOfSightSince = nil
            if host.pending.work == nil, !grid.countsWithoutLimit, now - grid.source.countingSince >= host.countLimits.gridTime {
                grid.source.stopCounting("stopped after \(CountLimits.describe(host.countLimits.gridTime))")
            }
        }
    }

    /// Hands the table list the count each grid took of its whole table or view (no filter), once
    /// a source, so the list does not count those rows again; a view's grid that stopped or failed
    /// counting leaves `?` in the list (``Catalog/countedElsewhere(_:)``). A grid that missed
    /// changes hands nothing over, nor does a joined view (its rows are the join's, not the table's).
    /// Called on every tick.
    func shareGridCounts() {
        for (name, grid) in host.tables.grids where !host.tables.stale.contains(name) {
            guard let source = grid.source.keyedTable, source.filter == nil, source.join == nil, !source.isCounting,
                  host.tables.countsShared[name] != ObjectIdentifier(source)
            else {
                continue
            }
            host.tables.countsShared[name] = ObjectIdentifier(source)
            if let count = source.knownCount {
                host.catalog.adopt(name, count: count)
            } else {
                host.catalog.gaveUp(name, reason: source.countStopped ?? "the count failed")
            }
        }
    }

    /// Esc on the main screen first stops what the screen still waits for: the shown table's
    /// count (its key snapshot) and its count in the table list. Returns whether there was any.
    func stopCountsOnScreen() -> Bool {
        guard let name = host.selectedTableName else {
            return false
        }
        var stopped = false
        if let grid = host.tables.grids[name], grid.source.isCounting {
            grid.source.stopCounting("stopped")
            stopped = true
        }
        if host.catalog.stopCounting(name) {
            stopped = true
        }
        if stopped {
            host.say(.info("stopped counting \(Sanitizer.sanitize(name)): r counts again"))
        }
        return stopped
    }
}
