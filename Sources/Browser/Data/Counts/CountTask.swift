import Dispatch
import ORMCore
import Synchronization

/// Counts rows on a background thread; the main loop polls ``state``.
///
/// The count runs on a reader connection, so it never blocks the first page from showing. A count
/// nobody waits for any more (the task was released) is interrupted: a query that never ends must
/// not hold a reader for good.
final class CountTask: Sendable {
    /// The current state, guarded because the worker thread writes it.
    private let current = Mutex<CountState>(.counting)
    /// Stops the worker's statement when the task is released or stopped.
    private let interruption = Interruption()
    /// Why the count was stopped, once it was.
    private let stopReason = Mutex<String?>(nil)
    /// When counting started.
    let started = ContinuousClock.now

    /// Starts counting with `sql`, which must return one integer.
    init(database: Database, sql: SQL) {
        let task = TaskBox(self)
        let interruption = interruption
        DispatchQueue.global(qos: .userInitiated).async {
            let result: CountState
            do {
                if case .integer(let count) = try interruption.run({ try database.scalar(sql) }) {
                    result = .done(Int(count))
                } else {
                    result = .done(0)
                }
            } catch {
                result = .failed(UserMessage.describe(error))
            }
            task.value?.finish(result)
        }
    }

    /// Creates a task that is already finished, for sources whose size is known.
    init(finished count: Int) {
        current.withLock { $0 = .done(count) }
    }

    deinit {
        interruption.interrupt()
    }

    /// The state now.
    var state: CountState {
        current.withLock { $0 }
    }

    /// Stops the count if it runs (Esc, a time limit): its state becomes ``CountState/stopped(_:)``.
    func stop(_ reason: String) {
        let stopping = current.withLock { state -> Bool in
            guard state == .counting else { return false }
            stopReason.withLock { $0 = $0 ?? reason }
            return true
        }
        if stopping {
            interruption.interrupt()
        }
    }

    /// Records the result of the worker (a stopped count's failure as stopped).
    private func finish(_ result: CountState) {
        let reason = stopReason.withLock { $0 }
        current.withLock { state in
            if let reason, case .failed = result {
                state = .stopped(reason)
            } else {
                state = result
            }
        }
    }
}

/// A weak reference to a ``CountTask``: a count nobody waits for any more is not kept alive.
private struct TaskBox: Sendable {
    /// The task, nil once it was released.
    weak var value: CountTask?

    /// Wraps `task`.
    init(_ task: CountTask) {
        value = task
    }
}
