#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file an export writes to, created (or emptied) when opened: the one place export code calls
/// the C library, so an unwritable path gives the system's own reason.
final class ExportFile {
    /// Why a file could not be opened or written.
    struct Failure: Error, Equatable, CustomStringConvertible {
        /// The path.
        var path: String
        /// The system's reason (`Permission denied`).
        var reason: String

        /// `path: reason`.
        var description: String {
            "\(path): \(reason)"
        }
    }

    /// The path opened.
    let path: String
    /// The file descriptor, -1 once closed.
    private var descriptor: Int32

    /// Creates or truncates the file at `path`.
    ///
    /// - Throws: ``Failure`` with the system's reason.
    init(path: String) throws(Failure) {
        self.path = path
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        if descriptor < 0 {
            throw Failure(path: path, reason: Self.lastError())
        }
    }

    deinit {
        if descriptor >= 0 {
            _ = systemClose(descriptor)
        }
    }

    /// Writes all of `text` as UTF-8.
    ///
    /// - Throws: ``Failure`` when the system refuses (a full disk, say).
    func write(_ text: String) throws(Failure) {
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                systemWrite(descriptor, buffer.baseAddress.map { $0 + written }, buffer.count - written)
            }
            if count < 0 {
                if errno == EINTR {
                    continue
                }
                throw Failure(path: path, reason: Self.lastError())
            }
            written += count
        }
    }

    /// Closes the file, reporting a failure to flush it.
    func close() throws(Failure) {
        guard descriptor >= 0 else {
            return
        }
        let result = systemClose(descriptor)
        descriptor = -1
        if result != 0 {
            throw Failure(path: path, reason: Self.lastError())
        }
    }

    /// The text of `errno`.
    private static func lastError() -> String {
        String(cString: strerror(errno))
    }
}

/// `close(2)`, named apart from ``ExportFile/close()``.
private func systemClose(_ descriptor: Int32) -> Int32 {
    #if canImport(Glibc)
    Glibc.close(descriptor)
    #else
    Darwin.close(descriptor)
    #endif
}

/// `write(2)`, named apart from ``ExportFile/write(_:)``.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(descriptor, bytes, count)
    #else
    Darwin.write(descriptor, bytes, count)
    #endif
}
