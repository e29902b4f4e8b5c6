import FoundationEssentials
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A lock the same thread may take again, that knows whether the current thread holds it.
///
/// The writer connection is guarded by one: hooks and nested transactions re-enter it on the
/// thread that already writes, and reads on that thread must see its uncommitted changes.
package final class ReentrantLock: @unchecked Sendable {
    // `lock` gives mutual exclusion; `owner` and `depth` are only written by the thread holding it.
    // `owner` is atomic so other threads may read it without taking the lock. A thread that finds
    // itself the owner already holds `lock`, so re-entering costs no lock operation at all (every
    // object committed inside a transaction re-enters).
    private let lock = LockStorage<Void>.make(())
    private let owner = Atomic<UInt>(0)
    private var depth = 0
    /// How many threads wait to take the lock (only a contended entry counts itself).
    private let waiters = Atomic<Int>(0)

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

    /// How many threads are waiting for the lock now (tests wait for a thread to block on it).
    var waitingThreadCount: Int {
        waiters.load(ordering: .acquiring)
    }

    /// Runs `body` holding the lock if it can be taken at once; nil otherwise.
    package func tryWithLock<T>(_ body: () throws -> T) rethrows -> T? {
        guard enter(waiting: false) else { return nil }
        defer { leave() }
        return try body()
    }

    /// Runs `body` holding the lock; `isOutermost` tells whether this call took it first.
    package func withLock<T>(_ body: (_ isOutermost: Bool) throws -> T) rethrows -> T {
        _ = enter(waiting: true)
        defer { leave() }
        return try body(depth == 1)
    }

    /// Takes the lock (or re-enters it); false when `waiting` is off and another thread holds it.
    private func enter(waiting: Bool) -> Bool {
        let thread = Self.currentThreadID()
        if owner.load(ordering: .acquiring) != thread {
            if !lock.tryLock() {
                guard waiting else { return false }
                waiters.add(1, ordering: .releasing)
                lock.lock()
                waiters.subtract(1, ordering: .releasing)
            }
            owner.store(thread, ordering: .releasing)
        }
        depth += 1
        return true
    }

    private func leave() {
        depth -= 1
        if depth == 0 {
            owner.store(0, ordering: .releasing)
            lock.unlock()
        }
    }
}
