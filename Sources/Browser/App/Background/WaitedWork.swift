/// The work the screen waits for (``PendingState/work``): done at once when it is quick, else
/// waited for with a spinner in the status bar while the keys typed meanwhile wait their turn
/// (played once it is done), Esc or Ctrl-C cancelling it; and the grids' changes of view that run
/// as such work (`WaitedWork+Views.swift`).
///
/// It reaches the app (the state it waits in, the status bar, the keys it plays) through
/// ``WaitedWorkHost``; the app keeps one (``App/waits``).
///
/// ```swift
/// app.waits.run(PendingWork(label: "sorting", isReady: { done.isOn }, complete: show))
/// ```
final class WaitedWork {
    /// The app: the state the work is waited for in, the status bar, the keys played after it.
    unowned let host: any WaitedWorkHost

    /// The work `host` waits for.
    init(host: any WaitedWorkHost) {
        self.host = host
    }

    /// How long work may take, at a terminal, before the browser stops waiting for it and shows a
    /// spinner.
    static let interactiveQuickWorkMilliseconds = 50

    /// How long work may take before the browser stops waiting for it and shows a spinner:
    /// ``interactiveQuickWorkMilliseconds``, longer for a script played headless (``HeadlessRunner``).
    var quickWorkMilliseconds = WaitedWork.interactiveQuickWorkMilliseconds

    /// Completes `work` now when it is quick, else leaves it pending with a spinner.
    func run(_ work: PendingWork) {
        if work.wait(milliseconds: quickWorkMilliseconds) {
            work.finish()
        } else {
            host.pending.work = work
        }
    }

    /// A key that arrives while work is pending: Esc cancels it, whatever keys wait (they are
    /// dropped: Esc always stops what the screen waits for); any other key waits its turn.
    /// Ctrl-C cancels too.
    func handleKey(_ key: Key, whilePending work: PendingWork) -> Outcome {
        switch key {
        case .resize:
            return .redraw
        case .escape:
            return cancel(work)  // whatever keys wait: Esc stops what the screen waits for
        default:
            work.queuedKeys.append(key)
            return .handled
        }
    }

    /// Stops `work` and drops the keys that waited for it.
    func cancel(_ work: PendingWork) -> Outcome {
        host.pending.work = nil
        work.cancel()
        let dropped = work.queuedKeys.count
        host.say(.info("cancelled: \(work.label)" + (dropped == 0 ? "" : " (\(dropped == 1 ? "1 key" : "\(dropped) keys") typed meanwhile dropped)")))
        return .redraw
    }

    /// Completes `work`, done and taken off ``PendingState/work`` (``BackgroundEvent/workDone(_:)``),
    /// and plays the keys that waited for it; returns their outcomes together. Keys after one that
    /// quits are not played.
    func play(_ work: PendingWork) -> Outcome {
        work.finish()
        var outcome = Outcome.redraw
        var keys = work.queuedKeys[...]
        while let key = keys.popFirst() {
            if let next = host.pending.work {
                next.queuedKeys.append(contentsOf: [key] + keys)
                break
            }
            outcome.merge(host.handle(key))
            if outcome.leavesApp {
                outcome.leaveForNextApp(Array(keys))  // typed for the schema or database switched to
                break
            }
        }
        return outcome
    }

    /// The status-bar text while work is pending.
    var status: StatusMessage? {
        guard let work = host.pending.work else {
            return nil
        }
        return .working("\(work.status)…  (Esc cancels)", frame: host.state.spinnerFrame)
    }
}
