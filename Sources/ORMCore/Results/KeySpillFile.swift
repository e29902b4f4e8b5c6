import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// An unlinked temporary file holding the parts of a key snapshot past its memory budget. It has
/// no name from the moment it is made, so nothing is left behind, even after a crash; it is closed
/// when the snapshot goes away. Reads and writes name their offset, so any thread may read.
final class KeySpillFile: Sendable {
    /// The open file.
    private let descriptor: Int32

    /// Makes the file in the temporary directory, nil when that fails.
    init?() {
        let directory = FileManager.default.temporaryDirectory.path
        var template = Array((directory + "/ormcore-keys-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            let descriptor = mkstemp(base)
            if descriptor >= 0 { unlink(base) }
            return descriptor
        }
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Writes `values` at byte `offset`; returns whether all of it was written.
    func write(_ values: [UInt32], at offset: Int) -> Bool {
        values.withUnsafeBytes { bytes in
            var written = 0
            while written < bytes.count {
                guard let base = bytes.baseAddress else { return false }
                let result = pwrite(descriptor, base + written, bytes.count - written, off_t(offset + written))
                if result < 0 && errno == EINTR { continue }
                guard result > 0 else { return false }
                written += result
            }
            return true
        }
    }

    /// Reads `count` values from byte `offset`, nil when they cannot all be read.
    func read(count: Int, at offset: Int) -> [UInt32]? {
        var values = [UInt32](repeating: 0, count: count)
        let complete = values.withUnsafeMutableBytes { bytes -> Bool in
            var read = 0
            while read < bytes.count {
                guard let base = bytes.baseAddress else { return false }
                let result = pread(descriptor, base + read, bytes.count - read, off_t(offset + read))
                if result < 0 && errno == EINTR { continue }
                guard result > 0 else { return false }
                read += result
            }
            return true
        }
        return complete ? values : nil
    }
}
