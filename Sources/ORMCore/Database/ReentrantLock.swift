import Foundation
import Synchronization

/// A lock the same thread may take again, that knows whether the current thread holds it.
///
/// The writer connection is guarded by one: hooks and nested transactions re-enter it on the
/// thread that already writes, and reads on that thread must see its uncommitted changes.
final class ReentrantLock: @unchecked Sendable {
    // The recursive lock gives mutual exclusion; `owner` and `depth` are only written by the
    // thread holding it. `owner` is atomic so other threads may read it without taking the lock.
    private let lock = NSRecursiveLock()
    private let owner = Atomic<UInt>(0)
    private var depth = 0

    private static func currentThreadID() -> UInt {
        #if canImport(Glibc)
            UInt(pthread_self())
        #else
            UInt(bitPattern: pthread_self())
        #endif
    }

    /// Whether the calling thread holds the lock.
    var isHeldByCurrentThread: Bool {
        owner.load(ordering: .acquiring) == Self.currentThreadID()
    }

    /// Runs `body` holding the lock if it can be taken at once; nil otherwise.
    func tryWithLock<T>(_ body: () throws -> T) rethrows -> T? {
        guard lock.try() else { return nil }
        depth += 1
        if depth == 1 { owner.store(Self.currentThreadID(), ordering: .releasing) }
        defer {
            depth -= 1
            if depth == 0 { owner.store(0, ordering: .releasing) }
            lock.unlock()
        }
        return try body()
    }

    /// Runs `body` holding the lock; `isOutermost` tells whether this call took it first.
    func withLock<T>(_ body: (_ isOutermost: Bool) throws -> T) rethrows -> T {
        lock.lock()
        depth += 1
        if depth == 1 { owner.store(Self.currentThreadID(), ordering: .releasing) }
        defer {
            depth -= 1
            if depth == 0 { owner.store(0, ordering: .releasing) }
            lock.unlock()
        }
        return try body(depth == 1)
    }
}
