import Dispatch
import Synchronization

/// A value computed on a background queue and collected by the main loop when it is ready.
///
/// ```swift
/// let sorted = BackgroundResult { try TableSource(table: table, sort: sort) }
/// // later, on the main loop:
/// if let result = sorted.result { grid.replaceSource(try result.get()) }
/// ```
final class BackgroundResult<Value: Sendable>: Sendable {
    /// The outcome, nil while the work runs.
    private let outcome = Mutex<Result<Value, any Error>?>(nil)

    /// Starts `work` on a background queue; `wakeup` is signalled when it is done, so the loop
    /// collects it at once.
    init(wakeup: Wakeup? = nil, _ work: @escaping @Sendable () throws -> Value) {
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let result = Result { try work() }
            outcome.withLock { $0 = result }
            wakeup?.signal()
        }
    }

    /// The outcome once the work has finished.
    var result: Result<Value, any Error>? {
        outcome.withLock { $0 }
    }
}
