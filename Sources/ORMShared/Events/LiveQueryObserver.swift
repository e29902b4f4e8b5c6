import Dispatch
import FoundationEssentials

/// The engine of one running ``LiveQuery``: reads the value at once, then again after each commit
/// that touches what it reads, one read at a time, and hands each value (or the error that ends
/// it) to `deliver`, in order.
///
/// Commits during a read mark the observer dirty, and one more read follows the one running, so a
/// burst of commits costs at most two reads, and the last value always reflects the last commit.
/// Reads run on the observer's own serial queue, on a reader connection: never on the thread that
/// committed (the ``ChangeCenter`` calls ``noteChanges(_:)`` there, which only marks or schedules).
final class LiveQueryObserver<Value: Sendable>: Sendable {
    private struct State {
        var reading = false
        var dirty = false
        var cancelled = false
        var region: ObservedRegion?
        var last: Value?
        var token: UInt64?
    }

    private let state = Lock(State())
    private let database: Database
    private let region: @Sendable (Database) throws -> ObservedRegion
    private let read: @Sendable (Database) throws -> Value
    private let isSame: (@Sendable (Value, Value) -> Bool)?
    private let deliver: @Sendable (Result<Value, any Error>) -> Void
    private let queue = DispatchQueue(label: "ormcore.live-query")

    /// An observer of `read` on `database`, touched by commits to `region`; not started.
    init(
        database: Database, region: @escaping @Sendable (Database) throws -> ObservedRegion,
        read: @escaping @Sendable (Database) throws -> Value, isSame: (@Sendable (Value, Value) -> Bool)?,
        deliver: @escaping @Sendable (Result<Value, any Error>) -> Void
    ) {
        self.database = database
        self.region = region
        self.read = read
        self.isSame = isSame
        self.deliver = deliver
    }

    /// Starts following commits, then reads the first value. A commit between the two is not lost:
    /// it finds the first read running (or about to) and asks for one more.
    package func start() {
        let token = database.changeCenter.addObserver { [self] changes in noteChanges(changes) }
        let cancelled = state.withLock { state in
            state.token = token
            return state.cancelled
        }
        if cancelled {
            database.changeCenter.removeObserver(token)
            return
        }
        database.startExternalChangeMonitor()
        schedule()
    }

    /// Stops: no read starts after this, and a value being read is not delivered.
    package func cancel() {
        let token = state.withLock { state in
            state.cancelled = true
            defer { state.token = nil }
            return state.token
        }
        if let token { database.changeCenter.removeObserver(token) }
    }

    /// A commit happened: read again when it touches the region (before the region is known,
    /// every commit does).
    func noteChanges(_ changes: ChangeSet) {
        let region = state.withLock { $0.region }
        if let region, !region.isTouched(by: changes) { return }
        schedule()
    }

    /// Starts a read, or marks the running one dirty.
    private func schedule() {
        let starts = state.withLock { state in
            if state.cancelled { return false }
            if state.reading {
                state.dirty = true
                return false
            }
            state.reading = true
            return true
        }
        if starts { queue.async { [self] in readUntilClean() } }
    }

    /// Reads and delivers until no commit came during the last read.
    private func readUntilClean() {
        while true {
            if state.withLock({ $0.region == nil }) {
                // What the query reads, found once, from the schema as it is at the first read.
                let found = (try? region(database)) ?? .everything
                state.withLock { $0.region = found }
            }
            let result = Result { try read(database) }
            let (delivers, again) = state.withLock { state -> (Bool, Bool) in
                if state.cancelled { return (false, false) }
                var delivers = true
                if case .success(let value) = result, let isSame {
                    if let last = state.last, isSame(last, value) { delivers = false }
                    state.last = value
                }
                let again = state.dirty
                state.dirty = false
                state.reading = again
                return (delivers, again)
            }
            if delivers { deliver(result) }
            if case .failure = result {
                cancel()
                return
            }
            if !again { return }
        }
    }
}
