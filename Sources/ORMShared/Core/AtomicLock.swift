import Synchronization

#if ORMCORE_PORTABLE
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif
#else
    import CSwiftRuntime
#endif

/// A lock in one 32-bit word: a compare-and-swap takes it, a thread that finds it taken sleeps on a
/// futex until the holder wakes it (Linux). Built with `ORMCORE_PORTABLE` (the default on every other
/// platform, and `REEF_PORTABLE=1` on Linux), a waiter yields the processor between tries instead,
/// with no system call beyond `sched_yield`: enough for what it guards, a few loads and stores.
///
/// Every model object holds one inline (see ``ModelState``), so it costs no allocation, no
/// initialisation call and no destruction call, where a `pthread_mutex_t` needs all three. Its
/// operations are atomics compiled into the calling module, so the thread sanitizer sees their
/// ordering (unlike `Synchronization.Mutex`, whose futex code lives in a library the sanitizer
/// does not instrument, so every access it guards shows as a race). Not re-entrant.
///
/// Internal: generated code reaches it only through `_ModelState`'s inlined accessors, hence
/// `@usableFromInline` rather than public. What it guards, and the rule that nothing is released
/// while the identity map holds one: Documentation/UnsafeCode.md.
@usableFromInline
package struct AtomicLock: ~Copyable, Sendable {
    // 0: free; 1: held; 2: held and a thread may be sleeping on it.
    @usableFromInline package let word: Atomic<UInt32>

    /// A free lock.
    @inlinable
    init() {
        word = Atomic(0)
    }

    /// Takes the lock, waiting while another thread holds it.
    @inlinable @inline(__always)
    package borrowing func lock() {
        if !word.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged { lockContended() }
    }

    /// Releases the lock, waking a waiting thread if there may be one.
    @inlinable @inline(__always)
    borrowing func unlock() {
        if word.exchange(0, ordering: .releasing) != 1 { wakeOne() }
    }

    /// Runs `body` holding the lock.
    @inlinable @inline(__always)
    package borrowing func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }

    // The classic three-state futex mutex: a waiter marks the word 2 before sleeping, so the holder
    // knows to wake someone on release.
    @usableFromInline
    borrowing func lockContended() {
        // Critical sections are a few loads and stores: spin a little before sleeping.
        for _ in 0..<100 {
            if word.load(ordering: .relaxed) == 0,
                word.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged
            {
                return
            }
        }
        while word.exchange(2, ordering: .acquiring) != 0 {
            #if ORMCORE_PORTABLE
                sched_yield()
            #else
                withUnsafePointer(to: word) { atomic in
                    reef_futex_wait(UnsafeMutableRawPointer(mutating: atomic).assumingMemoryBound(to: UInt32.self), 2)
                }
            #endif
        }
    }

    /// Wakes a thread sleeping on the word (none sleeps on the portable path: it yields instead).
    @usableFromInline
    borrowing func wakeOne() {
        #if !ORMCORE_PORTABLE
            withUnsafePointer(to: word) { atomic in
                reef_futex_wake_one(UnsafeMutableRawPointer(mutating: atomic).assumingMemoryBound(to: UInt32.self))
            }
        #endif
    }

    /// Whether a waiter sleeps on a futex (Linux, the default) rather than yielding the processor
    /// (`ORMCORE_PORTABLE`).
    static var sleepsOnFutex: Bool {
        #if ORMCORE_PORTABLE
            false
        #else
            true
        #endif
    }
}
