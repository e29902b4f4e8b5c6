/// The background work the loop waits on between keys: whether any runs, whether any finished,
/// and the tick that collects it as ``BackgroundEvent`` values and acts on them.
extension App {
    /// Whether counts, an export or pending work are still running (the spinner turns).
    var hasBackgroundWork: Bool {
        catalog.isCounting || (currentGrid?.source.isCounting ?? false) || (exports.export?.isRunning ?? false)
            || pending.stoppedStatement != nil || pending.fillingStatement != nil
            || pending.work != nil || live.running != nil || exports.clipboardCopy != nil
    }

    /// Whether background work has finished and waits for a ``tick()`` to be shown.
    var hasWorkToCollect: Bool {
        (pending.work?.ready ?? false) || live.running?.fresh.result != nil || live.running?.onScreen?.result != nil
            || exports.clipboardCopy?.outcome != nil || (pending.stoppedStatement?.ready ?? false)
            || (pending.fillingStatement?.ready ?? false)
    }

    /// Collects what background work finished, one ``BackgroundEvent`` a subsystem in the order of
    /// ``BackgroundEvent/Source``, and acts on each; advances the spinner. Returns what the runner
    /// is to do: draw when anything changed, and the effects of the keys that waited for pending
    /// work, which are played here (a copy, a quit…), and of a copy that ended.
    func tick() -> Outcome {
        tableBrowser.stopCountsNobodyWaitsFor()
        tableBrowser.shareGridCounts()
        watchJoinedTablesOfOtherSchemas()
        var outcome = Outcome.handled
        var shown: Set<BackgroundEvent.Source> = []
        for source in BackgroundEvent.Source.allCases where !source.waits(after: shown) {
            guard let event = collect(source), let acted = act(on: event) else {
                continue
            }
            shown.insert(source)
            outcome.merge(acted)
        }
        let busy = hasBackgroundWork
        if busy {
            state.spinnerFrame += 1
        } else if pending.wasBusy {
            // Background work ended (a sort's key snapshot, an export, a statement's rows): what
            // it freed goes back to the system before the next begins.
            ProcessMemory.trim()
        }
        if pending.tick(busy: busy) || !shown.isEmpty {
            outcome.add(.redraw)
            prepareFrame()
        }
        return outcome
    }

    /// Takes what `source` has finished, as a value (nil when nothing): the one place the tick
    /// looks at background work.
    func collect(_ source: BackgroundEvent.Source) -> BackgroundEvent? {
        switch source {
        case .pendingWork:
            guard let work = pending.work, work.ready else { return nil }
            pending.work = nil
            return .workDone(work)
        case .stoppedStatement:
            guard let stopped = pending.stoppedStatement, stopped.ready else { return nil }
            pending.stoppedStatement = nil
            return .statementStopped(stopped)
        case .fillingStatement:
            guard let filling = pending.fillingStatement else { return nil }
            if filling.grid == nil {
                filling.stop()  // its grid was closed or replaced: nobody waits for its rows
            }
            guard filling.ready else { return nil }
            pending.fillingStatement = nil
            return .statementFilled(filling)
        case .uncheckedChanges:
            let waiting = !editing.staging.unchecked.isEmpty || editing.staging.edits.values.contains { $0.hasUncheckedNewRows }
            return waiting ? .uncheckedChangesDue : nil
        case .server:
            return serverWatch?.take().map(BackgroundEvent.serverChanged)
        case .liveRefresh:
            let read = live.running?.fresh.result != nil || live.running?.onScreen?.result != nil
            return read || liveChanges.hasPending ? .tableChanged : nil
        case .clipboardCopy:
            guard let clipboardCopy = exports.clipboardCopy, let ending = clipboardCopy.outcome else { return nil }
            exports.clipboardCopy = nil
            return .clipboardCopyEnded(clipboardCopy, ending)
        case .export:
            guard let export = exports.export, !export.isRunning else { return nil }
            exports.export = nil
            return .exportEnded(export)
        }
    }

    /// Shows `event`: returns the effects it leaves for the runner, nil when the screen did not change.
    func act(on event: BackgroundEvent) -> Outcome? {
        switch event {
        case .workDone(let work):
            return waits.play(work)
        case .statementStopped(let stopped):
            return prompts.statements.showStopped(stopped) ? .handled : nil
        case .statementFilled(let filling):
            filling.finish()
            return .handled
        case .uncheckedChangesDue:
            return editing.checkUncheckedChanges() ? .handled : nil
        case .serverChanged(let change):
            follow(change)
            return .handled
        case .tableChanged:
            return LiveRefresher(app: self).refreshAfterChanges() ? .handled : nil
        case .clipboardCopyEnded(let copy, let ending):
            return exports.showEnded(copy, ending: ending)
        case .exportEnded(let export):
            exports.showEnded(export)
            return .handled
        }
    }
}
