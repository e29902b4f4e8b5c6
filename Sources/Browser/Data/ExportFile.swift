import FoundationEssentials
import ORMCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file an export writes to: the one place export code calls the C library, so an unwritable
/// path gives the system's own reason.
///
/// The text goes to a new file beside `path` (`.name.reef-XXXXXX`), which ``finish()`` renames
/// over `path` in one step: until then, a file already at `path` is untouched, and an export that
/// fails or is given up on (``discard()``, or the object dropped) leaves nothing behind.
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

    /// The path the export is for.
    let path: String
    /// The file written until ``finish()`` renames it to ``path`` (a symbolic link's target).
    private let temporaryPath: String
    /// The path the temporary file replaces: ``path``, or the file a symbolic link there names.
    private let destination: String
    /// The file descriptor, -1 once closed.
    private var descriptor: Int32
    /// Whether the temporary file is gone (renamed or removed).
    private var isSettled = false

    /// Creates the temporary file beside `path`, with the mode of a file already there (else
    /// `rw-rw-rw-` less the process's umask, as a new file gets).
    ///
    /// - Throws: ``Failure`` with the system's reason.
    init(path: String) throws(Failure) {
        let destination = Self.resolvingLink(path)
        let slash = destination.lastIndex(of: "/")
        let folder = slash.map { String(destination[...$0]) } ?? ""
        let name = slash.map { String(destination[destination.index(after: $0)...]) } ?? destination
        // The temporary name must fit in a file name (255 bytes) too.
        let hidden = name.utf8.count > 200 ? ".reef-export" : ".\(name).reef"
        var template = Array("\(folder)\(hidden)-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemp($0) } ?? -1
        }
        if descriptor < 0 {
            throw Failure(path: path, reason: Self.lastError())
        }
        var existing = stat()
        let replacing = stat(destination, &existing) == 0
        _ = fchmod(descriptor, replacing ? existing.st_mode & 0o7777 : 0o666 & ~Self.creationMask)
        if replacing {
            _ = fchown(descriptor, existing.st_uid, existing.st_gid)  // as root; anyone else keeps their own
        }
        self.path = path
        self.destination = destination
        self.descriptor = descriptor
        temporaryPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    deinit {
        if descriptor >= 0 {
            _ = systemClose(descriptor)
        }
        if !isSettled {
            _ = unlink(temporaryPath)
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

    /// Closes the file and puts it at ``path``, replacing what was there.
    ///
    /// - Throws: ``Failure`` when the file cannot be flushed or renamed; the temporary file is
    ///   removed and a file already at ``path`` is left as it was.
    func finish() throws(Failure) {
        guard descriptor >= 0 else {
            return
        }
        let closed = systemClose(descriptor)
        descriptor = -1
        if closed != 0 {
            throw Failure(path: path, reason: Self.lastError())
        }
        if rename(temporaryPath, destination) != 0 {
            throw Failure(path: path, reason: Self.lastError())
        }
        isSettled = true
    }

    /// Closes and removes the temporary file: nothing is written to ``path``.
    func discard() {
        if descriptor >= 0 {
            _ = systemClose(descriptor)
            descriptor = -1
        }
        if !isSettled {
            _ = unlink(temporaryPath)
            isSettled = true
        }
    }

    /// Whether `path` names the same file as one of `others` (by device and inode, so through
    /// links and other spellings too).
    static func isSameFile(_ path: String, asAnyOf others: [String]) -> Bool {
        var target = stat()
        guard stat(path, &target) == 0 else {
            return false
        }
        return others.contains { other in
            var status = stat()
            return stat(other, &status) == 0 && status.st_dev == target.st_dev && status.st_ino == target.st_ino
        }
    }

    /// The process's file creation mask (`umask`), read without changing it: Linux reports it in
    /// `/proc/self/status`; elsewhere the usual `022`.
    private static var creationMask: mode_t {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }),
              let mask = mode_t(line.dropFirst("Umask:".count).trimmedWhitespace, radix: 8)
        else {
            return 0o022
        }
        return mask
    }

    /// Whether `path` is a folder (or a link to one).
    static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// Whether something (a file, a folder, a link) is at `path`.
    static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// `path`, or the path a symbolic link at `path` leads to, even one to a file not there yet
    /// (so that writing the file keeps the link); `path` itself when nothing or no link is there.
    private static func resolvingLink(_ path: String) -> String {
        if let resolved = realpath(path, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else {
            return path
        }
        var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(path, &target, target.count - 1)
        guard length > 0 else {
            return path
        }
        let link = String(decoding: target[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard !link.hasPrefix("/"), let slash = path.lastIndex(of: "/") else {
            return link
        }
        return String(path[...slash]) + link
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
