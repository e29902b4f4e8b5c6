import FoundationEssentials


/// Receives every committed ``ChangeSet`` of a database (after its locks are released) and hands it
/// to the identity map's live refresh and to observers.
///
/// It keeps no reference to its database: the caller passes it. A `weak` one would give the database
/// a side table, and every retain and release of the database (several per object written or
/// fetched) would then take the runtime's slow path.
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

    /// Delivers `database`'s committed changes: live objects first, then observers. Called with no
    /// lock held.
    func didCommit(_ changes: ChangeSet, in database: Database) {
        let observers = state.withLock { Array($0.observers.values) }
        database.refreshLiveObjects(after: changes)
        for observer in observers { observer(changes) }
    }
}
