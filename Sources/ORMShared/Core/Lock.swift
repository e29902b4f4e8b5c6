import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// A value guarded by a pthread mutex.
///
/// ORMCore uses this rather than `Synchronization.Mutex`: on Linux that mutex locks through a futex in
/// a library the thread sanitizer does not instrument, so every access it guards shows as a race.
/// A pthread mutex is understood by the sanitizer, which keeps `--sanitize=thread` runs meaningful.
package final class Lock<Value>: @unchecked Sendable {
    // `value` is only touched between lock() and unlock().
    private let storage: LockStorage<Value>

    package init(_ value: Value) {
        storage = LockStorage.make(value)
    }

    /// Runs `body` with the value, holding the lock.
    @inline(__always)
    package func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        try storage.withLock(body)
    }

    /// Runs `body` with the value when the lock is free now; nil, without waiting, when another
    /// thread holds it.
    func withLockIfAvailable<T>(_ body: (inout Value) throws -> T) rethrows -> T? {
        try storage.withLockIfAvailable(body)
    }
}

/// A header value and a pthread mutex in one allocation (the mutex needs a stable address).
/// Not `Sendable` itself (no `ManagedBuffer` is): its owners guarantee it is only used under its lock.
/// ``ReentrantLock`` takes and releases a `LockStorage<Void>` by separate calls (``lock()``,
/// ``tryLock()``, ``unlock()``), as its lock cannot be scoped to one closure.
class LockStorage<Value>: ManagedBuffer<Value, pthread_mutex_t> {
    /// Makes storage of the class it is called on, holding `value`, with an initialised mutex.
    package static func make(_ value: Value) -> Self {
        // `create` allocates an instance of the class it is called on.
        let buffer = self.create(minimumCapacity: 1) { _ in value }
        buffer.withUnsafeMutablePointerToElements { _ = pthread_mutex_init($0, nil) }
        return unsafeDowncast(buffer, to: self)
    }

    deinit {
        _ = withUnsafeMutablePointerToElements { pthread_mutex_destroy($0) }
    }

    /// Waits for the mutex and takes it.
    @inline(__always)
    package final func lock() {
        _ = withUnsafeMutablePointerToElements { pthread_mutex_lock($0) }
    }

    /// Takes the mutex if it is free; returns whether it did.
    @inline(__always)
    final func tryLock() -> Bool {
        withUnsafeMutablePointerToElements { pthread_mutex_trylock($0) } == 0
    }

    /// Releases the mutex.
    @inline(__always)
    final func unlock() {
        _ = withUnsafeMutablePointerToElements { pthread_mutex_unlock($0) }
    }

    @inline(__always)
    package final func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try withUnsafeMutablePointerToHeader { try body(&$0.pointee) }
    }

    final func withLockIfAvailable<T>(_ body: (inout Value) throws -> T) rethrows -> T? {
        guard withUnsafeMutablePointerToElements({ pthread_mutex_trylock($0) }) == 0 else { return nil }
        defer { unlock() }
        return try withUnsafeMutablePointerToHeader { try body(&$0.pointee) }
    }
}
