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
    package func write(_ values: [UInt32], at offset: Int) -> Bool {
        values.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return bytes.isEmpty }
            return Self.transfer(bytes.count) { done in
                pwrite(descriptor, base + done, bytes.count - done, off_t(offset + done))
            }
        }
    }

    /// Reads `count` values from byte `offset`, nil when they cannot all be read.
    package func read(count: Int, at offset: Int) -> [UInt32]? {
        var values = [UInt32](repeating: 0, count: count)
        let complete = values.withUnsafeMutableBytes { bytes -> Bool in
            guard let base = bytes.baseAddress else { return bytes.isEmpty }
            return Self.transfer(bytes.count) { done in
                pread(descriptor, base + done, bytes.count - done, off_t(offset + done))
            }
        }
        return complete ? values : nil
    }

    /// Repeats `step` (given the bytes done so far, returning the bytes it moved) until `total`
    /// bytes are done, retrying after interruptions; false on an error or the end of the file.
    private static func transfer(_ total: Int, _ step: (Int) -> Int) -> Bool {
        var done = 0
        while done < total {
            let result = step(done)
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else { return false }
            done += result
        }
        return true
    }
}
