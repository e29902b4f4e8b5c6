#if canImport(Glibc)
    import Glibc
#endif

/// A file read front to back in chunks with `read(2)`, so a file of any size takes the memory of
/// one chunk.
final class FileChunks {
    /// The bytes of one read.
    static let chunkSize = 256 * 1024

    /// The file's path, for messages.
    let path: String
    /// The file's size in bytes when opened (for progress).
    let size: Int
    /// Bytes handed out so far.
    private(set) var offset = 0
    private let descriptor: Int32
    private var buffer = [UInt8](repeating: 0, count: FileChunks.chunkSize)

    /// Opens `path` for reading.
    ///
    /// - Throws: ``ImportError`` naming the file and the system's reason.
    init(path: String) throws(ImportError) {
        self.path = path
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw ImportError(path: path, reason: String(cString: strerror(errno)))
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw ImportError(path: path, reason: reason)
        }
        guard status.st_mode & S_IFMT != S_IFDIR else {
            close(descriptor)
            throw ImportError(path: path, reason: "is a directory")
        }
        size = Int(status.st_size)
    }

    deinit {
        close(descriptor)
    }

    /// Calls `body` with the next chunk; returns false at the end of the file.
    ///
    /// - Throws: ``ImportError`` when the read fails.
    func next(_ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws -> Bool {
        let count = try buffer.withUnsafeMutableBytes { raw -> Int in
            while true {
                let count = read(descriptor, raw.baseAddress, raw.count)
                if count >= 0 {
                    return count
                }
                if errno != EINTR {
                    throw ImportError(path: path, reason: String(cString: strerror(errno)))
                }
            }
        }
        guard count > 0 else {
            return false
        }
        offset += count
        try buffer.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[..<count])) }
        return true
    }

    /// Reads up to `count` bytes from the start without moving (for sniffing the encoding).
    func peek(_ count: Int) throws(ImportError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, 0) }
        guard read >= 0 else {
            throw ImportError(path: path, reason: String(cString: strerror(errno)))
        }
        return Array(bytes.prefix(read))
    }
}
