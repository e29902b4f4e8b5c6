import FoundationEssentials


/// Hands every committed ``ChangeSet`` of a database (after its locks are released) to its
/// observers; the database refreshes its live objects first (``Database/deliver(_:)``).
///
/// It keeps no reference to its database. A `weak` one would give the database a side table, and
/// every retain and release of the database (several per object written or fetched) would then take
/// the runtime's slow path.
final class ChangeCenter: Sendable {
    private struct State {
        var observers: [UInt64: @Sendable (ChangeSet) -> Void] = [:]
        var nextToken: UInt64 = 0
    }

    private let state = Lock(State())

    /// Adds an observer of committed changes; returns a token to remove it.
    func addObserver(_ observer: @escaping @Sendable (ChangeSet) -> Void) -> UInt64 {
        state.withLock { state in
            state.nextToken += 1
            state.observers[state.nextToken] = observer
            return state.nextToken
        }
    }

    /// Removes an observer.
    func removeObserver(_ token: UInt64) {
        _ = state.withLock { $0.observers.removeValue(forKey: token) }
    }

    /// Whether anybody observes the changes.
    var hasObservers: Bool {
        state.withLock { !$0.observers.isEmpty }
    }

    /// Delivers committed changes to the observers. Called with no lock held.
    func didCommit(_ changes: ChangeSet) {
        let observers = state.withLock { Array($0.observers.values) }
        for observer in observers { observer(changes) }
    }
}
