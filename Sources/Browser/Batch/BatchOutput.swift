#if canImport(Glibc)
    import Glibc
#endif

/// Standard output for `reef DB --sql`: the rows' text gathered into blocks of
/// ``blockSize`` bytes and written whole, so a result of millions of rows costs few system calls
/// and holds one block.
final class BatchOutput {
    /// Bytes gathered before they are written.
    static let blockSize = 65_536

    /// The file descriptor written (standard output).
    private let descriptor: Int32
    /// The bytes not written yet.
    private var pending: [UInt8] = []

    /// Output to `descriptor` (by default standard output).
    init(descriptor: Int32 = STDOUT_FILENO) {
        self.descriptor = descriptor
        pending.reserveCapacity(Self.blockSize)
    }

    /// Adds `text`, writing a block once one is full.
    ///
    /// - Throws: ``FileFailure`` when the system refuses the write (a closed pipe, a full disk).
    func write(_ text: String) throws {
        pending.append(contentsOf: text.utf8)
        if pending.count >= Self.blockSize {
            try flush()
        }
    }

    /// Writes what is gathered.
    ///
    /// - Throws: ``FileFailure`` when the system refuses the write.
    func flush() throws {
        var start = 0
        defer { pending.removeAll(keepingCapacity: true) }
        while start < pending.count {
            let written = pending.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress.map { $0 + start }, buffer.count - start)
            }
            if written < 0 && errno == EINTR {
                continue
            }
            guard written > 0 else {
                throw FileFailure(path: "standard output", reason: FileFailure.systemReason())
            }
            start += written
        }
    }
}
