#if canImport(Glibc)
    import Glibc
#endif

/// Writes text to the process's standard output or error at once, unbuffered.
enum StandardStream {
    /// Standard output.
    case output
    /// Standard error.
    case error

    /// Writes `text` whole (retrying after interruptions and short writes).
    func write(_ text: String) {
        let descriptor = self == .output ? STDOUT_FILENO : STDERR_FILENO
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR {
                continue
            }
            guard written > 0 else {
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }
}
