import Foundation


/// Receives every committed ``ChangeSet`` of a database (after its locks are released) and hands it
/// to the identity map's live refresh and to observers.
final class ChangeCenter: Sendable {
    private struct State {
        var database = WeakDatabaseBox()
        var observers: [UInt64: @Sendable (ChangeSet) -> Void] = [:]
        var nextToken: UInt64 = 0
    }

    private let state = Lock(State())

    var database: WeakDatabase? {
        get { state.withLock { $0.database.value } }
        set { state.withLock { $0.database.value = newValue } }
    }

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

    /// Delivers committed changes: live objects first, then observers. Called with no lock held.
    func didCommit(_ changes: ChangeSet) {
        let (database, observers) = state.withLock { ($0.database.value?.database, Array($0.observers.values)) }
        database?.refreshLiveObjects(after: changes)
        for observer in observers { observer(changes) }
    }
}

/// Holder so `State` stays `Sendable` while the weak reference is optional until init finishes.
struct WeakDatabaseBox: Sendable {
    var value: WeakDatabase?
}
