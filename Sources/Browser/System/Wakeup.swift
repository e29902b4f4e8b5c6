#if canImport(Glibc)
    import Glibc
#endif

/// Wakes the main loop from its wait for a key when background work has something to show (a
/// commit by another process, a refresh read): a pipe whose read end the key reader watches beside
/// the terminal, so what changed is drawn at once rather than on the next tick.
///
/// ```swift
/// let wakeup = Wakeup()
/// DispatchQueue.global().async { …; wakeup.signal() }
/// // the key reader: poll([stdin, wakeup.fileDescriptor]), then wakeup.drain()
/// ```
final class Wakeup: Sendable {
    /// The end to watch for reading; nil when no pipe could be made (the loop then relies on ticks).
    let fileDescriptor: Int32?
    /// The end written by ``signal()``.
    private let writeEnd: Int32?

    /// Makes the pipe, both ends non-blocking and closed on exec (an editor run from reef must not
    /// inherit them).
    init() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            fileDescriptor = nil
            writeEnd = nil
            return
        }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        fileDescriptor = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        if let fileDescriptor {
            close(fileDescriptor)
        }
        if let writeEnd {
            close(writeEnd)
        }
    }

    /// Wakes the loop (from any thread). A pipe already holding a byte is awake enough: a full
    /// pipe's refusal is ignored.
    func signal() {
        guard let writeEnd else {
            return
        }
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Empties the pipe once the loop is awake.
    func drain() {
        guard let fileDescriptor else {
            return
        }
        var buffer = [UInt8](repeating: 0, count: 64)
        while buffer.withUnsafeMutableBytes({ read(fileDescriptor, $0.baseAddress, 64) }) > 0 {}
    }
}
