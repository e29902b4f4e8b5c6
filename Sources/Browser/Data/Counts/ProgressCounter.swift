import Synchronization

/// How far work on a background thread has come, read by the main loop for the status bar.
final class ProgressCounter: Sendable {
    private let count = Mutex(0)

    /// A counter at 0.
    init() {}

    /// The count so far.
    var value: Int {
        count.withLock { $0 }
    }

    /// Sets the count (from the working thread).
    func set(_ value: Int) {
        count.withLock { $0 = value }
    }
}
