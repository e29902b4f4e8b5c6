import CNcurses
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Ctrl-C at the terminal, turned into a key for the event loop instead of ending the process, so
/// that the browser asks before dropping staged changes (as `Q` does) and cancels running work.
///
/// The handler only sets a flag, which ``NcursesInput`` takes within a tick. A second Ctrl-C
/// before the first was taken means the loop is not reading keys: the handler then restores the
/// terminal and ends the process as the signal would have.
enum InterruptSignal {
    /// Set by the handler, cleared by ``take()``.
    private static let pending = Atomic<Bool>(false)

    /// Handles SIGINT this way (until ``NcursesBackend`` resets the handlers as it closes).
    static func install() {
        _ = pending.exchange(false, ordering: .relaxed)
        signal(SIGINT) { number in
            if InterruptSignal.pending.exchange(true, ordering: .relaxed) {
                cn_restore_and_reraise(number)
            }
        }
    }

    /// Whether Ctrl-C was pressed since the last call.
    static func take() -> Bool {
        pending.exchange(false, ordering: .relaxed)
    }
}
