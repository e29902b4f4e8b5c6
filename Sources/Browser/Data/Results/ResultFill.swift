import Synchronization

/// How far a statement's rows have come into reef's copy of them, shared between the work that
/// runs the statement and the grid that shows the rows meanwhile (``FillingSource``).
final class ResultFill: Sendable {
    private struct State {
        var store: ResultStore?
        var stored = 0
        var finished = false
    }

    private let state = Mutex(State())

    /// A fill nothing has come into yet.
    init() {}

    /// The store, once the statement has told its columns.
    var store: ResultStore? {
        state.withLock { $0.store }
    }

    /// The rows stored so far (readable from the store).
    var stored: Int {
        state.withLock { $0.stored }
    }

    /// Whether the statement has ended (or was stopped) and every row that arrived is stored.
    var isFinished: Bool {
        state.withLock { $0.finished }
    }

    /// The store rows go into (from the working thread).
    func started(_ store: ResultStore) {
        state.withLock { $0.store = store }
    }

    /// `count` rows are stored in all (from the working thread).
    func didStore(_ count: Int) {
        state.withLock { $0.stored = count }
    }

    /// The statement has ended and its rows are stored (from the working thread).
    func finish() {
        state.withLock { $0.finished = true }
    }
}
