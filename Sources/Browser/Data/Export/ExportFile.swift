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
///
/// An export that is killed cannot remove its temporary file, so each export first removes the
/// stale ones of reef's naming in its folder. It tells them by a lock: a running export holds an
/// exclusive `flock` on its temporary file until the file is renamed or removed, and the system
/// drops the lock when the process dies, however it dies. A file nobody holds a lock on is
/// stale; one locked is an export still running (in this reef or another) and is left alone.
final class ExportFile {
    /// Why a file could not be opened or written.
    typealias Failure = FileFailure

    /// The path the export is for.
    let path: String
    /// The file written until ``finish()`` renames it to ``path`` (a symbolic link's target).
    private let temporaryPath: String
    /// The path the temporary file replaces: ``path``, or the file a symbolic link there names.
    private let destination: String
    /// The file descriptor, -1 once closed.
    private var descriptor: Int32
    /// A second descriptor of the same open file, which holds the lock from creation until the
    /// file is renamed or removed (past the close of ``descriptor``); -1 once closed.
    private var lockDescriptor: Int32
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
        Self.removeStaleTemporaryFiles(in: folder)
        let (descriptor, lockDescriptor, temporaryPath) = try Self.createLocked(template: "\(folder)\(hidden)-XXXXXX", for: path)
        var existing = stat()
        let replacing = stat(destination, &existing) == 0
        _ = fchmod(descriptor, replacing ? existing.st_mode & 0o7777 : 0o666 & ~Self.creationMask)
        if replacing {
            _ = fchown(descriptor, existing.st_uid, existing.st_gid)  // as root; anyone else keeps their own
        }
        self.path = path
        self.destination = destination
        self.descriptor = descriptor
        self.lockDescriptor = lockDescriptor
        self.temporaryPath = temporaryPath
    }

    deinit {
        discard()
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
                throw Failure(path: path, reason: FileFailure.systemReason())
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
            throw Failure(path: path, reason: FileFailure.systemReason())
        }
        if rename(temporaryPath, destination) != 0 {
            throw Failure(path: path, reason: FileFailure.systemReason())
        }
        isSettled = true
        _ = systemClose(lockDescriptor)
        lockDescriptor = -1
    }

    /// Closes and removes the temporary file: nothing is written to ``path``.
    func discard() {
        if !isSettled {
            _ = unlink(temporaryPath)  // before the lock goes, so no other reef takes it for stale
            isSettled = true
        }
        for open in [descriptor, lockDescriptor] where open >= 0 {
            _ = systemClose(open)
        }
        descriptor = -1
        lockDescriptor = -1
    }

    // MARK: - Temporary files

    /// Creates a temporary file from `template` (ending in `XXXXXX`) and locks it. Returns its
    /// descriptor, a second descriptor holding the lock, and its path.
    private static func createLocked(template: String, for path: String) throws(Failure) -> (Int32, Int32, String) {
        while true {
            var bytes = Array(template.utf8CString)
            let descriptor = bytes.withUnsafeMutableBufferPointer { buffer in
                buffer.baseAddress.map { mkstemp($0) } ?? -1
            }
            if descriptor < 0 {
                throw Failure(path: path, reason: FileFailure.systemReason())
            }
            let temporaryPath = String(decoding: bytes.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let lockDescriptor = dup(descriptor)
            guard lockDescriptor >= 0, flock(lockDescriptor, LOCK_EX | LOCK_NB) == 0 else {
                let reason = FileFailure.systemReason()
                _ = unlink(temporaryPath)
                _ = systemClose(descriptor)
                if lockDescriptor >= 0 {
                    _ = systemClose(lockDescriptor)
                }
                throw Failure(path: path, reason: reason)
            }
            // Another reef may have found the file unlocked in the moment before the lock and
            // removed it as stale: then make another.
            if isSameFile(descriptor, path: temporaryPath) {
                return (descriptor, lockDescriptor, temporaryPath)
            }
            _ = systemClose(descriptor)
            _ = systemClose(lockDescriptor)
        }
    }

    /// Removes the temporary files of exports that ended without removing them (killed) from
    /// `folder` (ending in `/`, or empty for the current folder): files of reef's naming, owned by
    /// this user, that no process holds a lock on.
    static func removeStaleTemporaryFiles(in folder: String) {
        guard let directory = opendir(folder.isEmpty ? "." : folder) else {
            return
        }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            guard let name = entryName(entry), isTemporaryName(name) else {
                continue
            }
            let candidate = folder + name
            var status = stat()
            guard lstat(candidate, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_uid == geteuid() else {
                continue
            }
            let descriptor = open(candidate, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
            guard descriptor >= 0 else {
                continue
            }
            // Unlocked, and still the file at that name: nobody is writing it.
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0, isSameFile(descriptor, path: candidate) {
                _ = unlink(candidate)
            }
            _ = systemClose(descriptor)
        }
    }

    /// The name of a directory entry `readdir` returned, read in place up to its NUL. The entry is
    /// only as long as its name needs (`d_reclen`), not `sizeof(dirent)`: copying the whole
    /// `d_name` field read past its end, a crash when the entry ended a page (seen in a `/tmp` of
    /// thousands of entries).
    static func entryName(_ entry: UnsafeMutablePointer<dirent>) -> String? {
        guard let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name) else {
            return nil
        }
        return String(cString: (UnsafeRawPointer(entry) + offset).assumingMemoryBound(to: CChar.self))
    }

    /// Whether `name` is one reef gives its temporary files: `.NAME.reef-XXXXXX` or
    /// `.reef-export-XXXXXX`, the `X`s letters and digits as `mkstemp` makes them.
    static func isTemporaryName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        let isLetterOrDigit = { (byte: UInt8) in
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        }
        guard bytes.count > 13, bytes.first == UInt8(ascii: "."), bytes.suffix(6).allSatisfy(isLetterOrDigit) else {
            return false
        }
        let stem = bytes.dropLast(6)
        return stem.elementsEqual(".reef-export-".utf8) || stem.count > 7 && stem.suffix(6).elementsEqual(".reef-".utf8)
    }

    /// Whether `path` names the file open as `descriptor`.
    private static func isSameFile(_ descriptor: Int32, path: String) -> Bool {
        var open = stat(), named = stat()
        return fstat(descriptor, &open) == 0 && lstat(path, &named) == 0 && open.st_dev == named.st_dev
            && open.st_ino == named.st_ino
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
