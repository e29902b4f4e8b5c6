import Dispatch
import ORMCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Ctrl-C (SIGINT) during `reef DB --sql`: stops the statement running (SQLite's interrupt,
/// PostgreSQL's cancel request on the server) through an ``Interruption``, so reef ends with
/// status 130 once the database has given up the statement, its transaction rolled back.
///
/// A signal handler may only do what is safe in one: it writes a byte to a pipe, and a thread
/// waiting on that pipe calls ``Interruption/interrupt()``. A second Ctrl-C before that took
/// effect ends reef as the signal would have.
enum BatchInterrupt {
    /// The pipe's write end the handler writes to; -1 before ``install(stopping:)``.
    private static let writeEnd = Atomic<Int32>(-1)
    /// Whether Ctrl-C was pressed.
    private static let pressed = Atomic<Bool>(false)

    /// Handles SIGINT by interrupting `interruption`.
    static func install(stopping interruption: Interruption) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            return  // SIGINT then ends reef at once, as it would have
        }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        let readEnd = ends[0]
        writeEnd.store(ends[1], ordering: .sequentiallyConsistent)
        DispatchQueue.global(qos: .userInitiated).async {
            var byte: UInt8 = 0
            while read(readEnd, &byte, 1) < 0 && errno == EINTR {}
            interruption.interrupt()
        }
        signal(SIGINT) { number in
            if BatchInterrupt.pressed.exchange(true, ordering: .sequentiallyConsistent) {
                signal(number, SIG_DFL)
                raise(number)
                return
            }
            var byte: UInt8 = 1
            _ = write(BatchInterrupt.writeEnd.load(ordering: .sequentiallyConsistent), &byte, 1)
        }
    }

    /// Whether Ctrl-C was pressed since ``install(stopping:)``.
    static var wasPressed: Bool {
        pressed.load(ordering: .sequentiallyConsistent)
    }
}
