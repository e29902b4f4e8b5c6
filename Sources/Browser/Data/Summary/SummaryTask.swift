import Dispatch
import ORMCore
import Synchronization

/// Computes a view's column summary on a background thread (``SummaryWorker``), keeping what is
/// known so far for the main loop to draw: columns fill in as they are computed.
///
/// The work runs on a reader connection. Stopping it (Esc) or dropping the task (the summary
/// closed) interrupts SQLite: a summary nobody waits for must not keep a reader busy.
final class SummaryTask: Sendable {
    private struct State {
        var columns: [ColumnSummary]
        var running = true
        var stopReason: String?
        var failure: String?
    }

    private let state: Mutex<State>
    private let interruption = Interruption()
    /// When the work started.
    let started = ContinuousClock.now

    /// Starts summarising the columns of `query` (their declared types in `declaredTypes`) in
    /// `database`; `wakeup` is signalled as each part is known, so the screen shows it at once.
    init(database: Database, query: SummaryQuery, declaredTypes: [String], wakeup: Wakeup?) {
        let start = query.columns.indices.map { index in
            ColumnSummary(name: query.columns[index], declaredType: declaredTypes.indices.contains(index) ? declaredTypes[index] : "")
        }
        state = Mutex(State(columns: start))
        let box = SummaryTaskBox(self)
        let interruption = interruption
        DispatchQueue.global(qos: .userInitiated).async {
            var decided = query
            decided.longValues = query.longValues?.decidingTexts(in: database)
            let worker = SummaryWorker(database: database, query: decided)
            do {
                _ = try interruption.run {
                    try worker.run(from: start) { index, summary in
                        guard let task = box.value else {
                            throw SummaryDropped()
                        }
                        task.state.withLock { $0.columns[index] = summary }
                        wakeup?.signal()
                    }
                }
                box.value?.finish(failure: nil)
            } catch {
                box.value?.finish(failure: UserMessage.describe(error))
            }
            wakeup?.signal()
        }
    }

    deinit {
        interruption.interrupt()
    }

    /// The summaries as known now, one a column.
    var columns: [ColumnSummary] {
        state.withLock { $0.columns }
    }

    /// Whether the work still runs.
    var isRunning: Bool {
        state.withLock { $0.running }
    }

    /// Why the work was stopped, once it was.
    var stopReason: String? {
        state.withLock { $0.stopReason }
    }

    /// Why the work failed, if it did (not when it was stopped).
    var failure: String? {
        state.withLock { $0.failure }
    }

    /// How many columns are complete, of how many.
    var progress: (complete: Int, total: Int) {
        state.withLock { state in (state.columns.count { $0.isComplete }, state.columns.count) }
    }

    /// Stops the work if it runs, saying why: what is known stays, the rest is never computed.
    func stop(_ reason: String) {
        let stopping = state.withLock { state -> Bool in
            guard state.running, state.stopReason == nil else {
                return false
            }
            state.stopReason = reason
            return true
        }
        if stopping {
            interruption.interrupt()
        }
    }

    /// Records the end of the work (a stopped work's failure is its being stopped).
    private func finish(failure: String?) {
        state.withLock { state in
            state.running = false
            if state.stopReason == nil {
                state.failure = failure
            }
        }
    }
}

/// Thrown to end the work when its task is gone.
private struct SummaryDropped: Error {}

/// A weak reference to a ``SummaryTask``: a summary nobody shows any more is not kept alive.
private struct SummaryTaskBox: Sendable {
    /// The task, nil once it was released.
    weak var value: SummaryTask?

    /// Wraps `task`.
    init(_ task: SummaryTask) {
        value = task
    }
}
