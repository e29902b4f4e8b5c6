#if canImport(Glibc)
    import Glibc
#endif

/// A plain pthread mutex taken and released by separate calls, for locks that cannot be scoped to
/// one closure (the writer's re-entrant lock). Prefer ``Lock`` wherever a closure fits.
final class SystemMutex: @unchecked Sendable {
    // The mutex lives at a fixed address for its whole life, as pthread requires.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() {
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Waits for the mutex and takes it.
    func lock() {
        pthread_mutex_lock(mutex)
    }

    /// Takes the mutex if it is free; returns whether it did.
    func tryLock() -> Bool {
        pthread_mutex_trylock(mutex) == 0
    }

    /// Releases the mutex.
    func unlock() {
        pthread_mutex_unlock(mutex)
    }
}
