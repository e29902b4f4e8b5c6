/// The background work the loop waits on between keys: whether any runs, whether any finished,
/// and the tick that collects it.
extension App {
    /// Whether counts, an export or pending work are still running (the spinner turns).
    var hasBackgroundWork: Bool {
        catalog.isCounting || (currentGrid?.source.isCounting ?? false) || (export?.isRunning ?? false)
            || pending.stoppedStatement != nil || pending.fillingStatement != nil
            || pending.work != nil || live.running != nil || clipboardCopy != nil
    }

    /// Whether background work has finished and waits for a ``tick()`` to be shown.
    var hasWorkToCollect: Bool {
        (pending.work?.ready ?? false) || live.running?.fresh.result != nil || live.running?.onScreen?.result != nil
            || clipboardCopy?.outcome != nil || (pending.stoppedStatement?.ready ?? false)
            || (pending.fillingStatement?.ready ?? false)
    }

    /// Completes pending work that is ready, advances the spinner and refreshes the view after
    /// committed changes; returns what the runner is to do: draw when anything changed, and the
    /// effects of the keys that waited for pending work, which are played here (a copy, a quit…).
    func tick() -> Outcome {
        stopCountsNobodyWaitsFor()
        shareGridCounts()
        let played = completePendingWork()
        let stopped = showStoppedStatement() || showFilledStatement()
        let checked = checkUncheckedChanges() || followServer()
        let refreshed = refreshAfterChanges() || played != nil || checked
        let copied = collectFinishedClipboardCopy()
        let exported = collectFinishedExport()
        let finished = exported || copied != nil || refreshed || stopped
        let busy = hasBackgroundWork
        if busy {
            state.spinnerFrame += 1
        }
        var outcome = played ?? .handled
        if let copied {
            outcome.merge(copied)
        }
        if pending.tick(busy: busy) || finished {
            outcome.add(.redraw)
            prepareFrame()
        }
        return outcome
    }
}
