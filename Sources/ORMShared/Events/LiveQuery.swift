import Dispatch
import FoundationEssentials

/// A value read from the database that stays current: the first value at once, then a new one
/// after each commit that may change it, made by this process, by another process on the same
/// SQLite file, or by another PostgreSQL session.
///
/// Make one from a query (``Query/observe()``, ``Query/observeCount()``, ``Query/observeFirst()``,
/// ``Query/observe(_:)`` for aggregates) or from any read (``Database/observe(tables:_:)``), then
/// iterate it, or ``start(queue:onError:onChange:)`` it with a callback:
///
/// ```swift
/// for try await adults in Person.query().where("age >= 18").orderBy("lastName").observe() {
///     print(adults.count)              // now, then after each commit to people
/// }
/// ```
///
/// - **What it follows**: the tables its SQL names (a view or a virtual table read makes every
///   commit count); a commit that names none of them reads nothing.
/// - **How often it reads**: one read at a time, on a reader connection, never on the thread that
///   committed. Commits made during a read cost one more read, however many they are, and the
///   last value always reflects the last commit. A consumer slower than the commits sees the
///   newest value, never a queue of old ones.
/// - **Equal values**: delivered again by default (each commit to its tables may matter: model
///   objects are the same live instances with new values); ``removingDuplicates()`` drops a value
///   equal to the one before.
/// - **Ending**: iteration ends when its task is cancelled or the sequence is dropped; a started
///   observation when its ``EventRegistration`` is cancelled. A read that fails ends it with the
///   error (thrown by the iteration, handed to `onError`).
public struct LiveQuery<Value: Sendable>: AsyncSequence, Sendable {
    public typealias Element = Value
    public typealias AsyncIterator = AsyncThrowingStream<Value, any Error>.Iterator

    package let database: @Sendable () throws -> Database
    package let region: @Sendable (Database) throws -> ObservedRegion
    package let read: @Sendable (Database) throws -> Value
    package var isSame: (@Sendable (Value, Value) -> Bool)?

    /// A live value of `read`, on the database `database` gives, touched by commits to `region`.
    init(
        database: @escaping @Sendable () throws -> Database, region: @escaping @Sendable (Database) throws -> ObservedRegion,
        read: @escaping @Sendable (Database) throws -> Value
    ) {
        self.database = database
        self.region = region
        self.read = read
    }

    /// The values, as an asynchronous sequence that starts reading when iteration starts.
    public func makeAsyncIterator() -> AsyncIterator {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Value.self, bufferingPolicy: .bufferingNewest(1))
        do {
            let observer = makeObserver(on: try self.database()) { result in
                switch result {
                case .success(let value): continuation.yield(value)
                case .failure(let error): continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in observer.cancel() }
            observer.start()
        } catch {
            continuation.finish(throwing: error)
        }
        return stream.makeAsyncIterator()
    }

    /// Starts observing: `onChange` gets the first value, then each new one, on `queue` (by default
    /// the observation's own serial queue, where it reads, so values keep their order and none
    /// waits for another hop); `onError` gets the error that ends the observation. Keep the
    /// registration and cancel it to stop.
    ///
    /// - Throws: ``ORMError/noDefaultDatabase`` when the query names no database and none is set.
    public func start(
        queue: DispatchQueue? = nil, onError: @escaping @Sendable (any Error) -> Void = { _ in },
        onChange: @escaping @Sendable (Value) -> Void
    ) throws -> EventRegistration {
        let target = try self.database()
        let observer = makeObserver(on: target) { result in
            let hand: @Sendable () -> Void = {
                switch result {
                case .success(let value): onChange(value)
                case .failure(let error): onError(error)
                }
            }
            if let queue { queue.async(execute: hand) } else { hand() }
        }
        observer.start()
        return EventRegistration(database: target, token: nil) { observer.cancel() }
    }

    private func makeObserver(
        on database: Database, _ deliver: @escaping @Sendable (Result<Value, any Error>) -> Void
    ) -> LiveQueryObserver<Value> {
        LiveQueryObserver(database: database, region: region, read: read, isSame: isSame, deliver: deliver)
    }
}

extension LiveQuery where Value: Equatable {
    /// The same observation, without a value equal to the one delivered before it (a count that
    /// a commit to its table did not change, say).
    public func removingDuplicates() -> LiveQuery {
        var copy = self
        copy.isSame = { $0 == $1 }
        return copy
    }
}
