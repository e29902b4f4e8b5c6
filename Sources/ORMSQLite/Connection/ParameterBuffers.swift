import FoundationEssentials

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
import ORMShared
#endif

/// Reusable byte buffers per parameter of a statement, for the text and blobs bound to it.
///
/// SQLite copies a value bound with `SQLITE_TRANSIENT` into an allocation of its own, and frees it
/// at the next bind or reset: an allocation and a free per string per row of a batch insert. Copied
/// here instead, a value is bound with `SQLITE_STATIC` and SQLite reads it in place. SQLite requires
/// such bytes to stay unchanged until the statement is finalized or the same parameter is bound
/// again. So each parameter has two buffers: the one its binding may point into, never written, and
/// a spare that a new value is copied into. Only once SQLite accepts the new binding do the two
/// swap; a bind it refuses (a running statement, an index out of range) leaves the old binding's
/// bytes as they were. Large values are left to SQLite's own copy, so a statement kept in a cache
/// does not keep a large buffer alive.
struct ParameterBuffers: ~Copyable {
    /// The largest value copied into a buffer; larger ones are copied by SQLite.
    static var largestValue: Int { 4_096 }

    private struct Buffer {
        var bytes: UnsafeMutableRawPointer?
        var capacity = 0
    }

    /// The number of slots in each array below: the parameters plus the unused slot 0.
    private let slotCount: Int
    /// The buffers a binding may point into, indexed by parameter number (1-based; 0 unused).
    /// Plain memory, not arrays: a bind is a row's hot path, with no uniqueness or bounds checks
    /// beyond the one on the index.
    private let bound: UnsafeMutablePointer<Buffer>
    /// The buffers the next values are copied into, indexed likewise.
    private let spare: UnsafeMutablePointer<Buffer>

    /// Buffers for a statement with `parameterCount` parameters (none allocated yet).
    init(parameterCount: Int) {
        slotCount = max(parameterCount, 0) + 1
        bound = .allocate(capacity: slotCount)
        bound.initialize(repeating: Buffer(), count: slotCount)
        spare = .allocate(capacity: slotCount)
        spare.initialize(repeating: Buffer(), count: slotCount)
    }

    deinit {
        for slot in 0..<slotCount {
            free(bound[slot].bytes)
            free(spare[slot].bytes)
        }
        bound.deallocate()
        spare.deallocate()
    }

    /// Copies `bytes` into a buffer of parameter `index` and calls `bind` with the copy, which
    /// stays unchanged until the parameter is bound through here again. Returns nil, calling
    /// nothing, when the value is too large or the parameter does not exist: the caller then lets
    /// SQLite copy it.
    func withCopy(
        of bytes: UnsafeRawBufferPointer, forParameter index: Int32, _ bind: (UnsafeRawPointer) -> Int32
    ) -> Int32? {
        let slot = Int(index)
        guard bytes.count <= Self.largestValue, slot > 0, slot < slotCount else { return nil }
        if spare[slot].capacity < bytes.count || spare[slot].bytes == nil {
            // No binding points into the spare: it can be replaced.
            let capacity = max(32, bytes.count.roundedUpToPowerOfTwo)
            guard let fresh = malloc(capacity) else { return nil }
            free(spare[slot].bytes)
            spare[slot] = Buffer(bytes: fresh, capacity: capacity)
        }
        guard let target = spare[slot].bytes else { return nil }
        if let base = bytes.baseAddress, bytes.count > 0 { target.copyMemory(from: base, byteCount: bytes.count) }
        let code = bind(UnsafeRawPointer(target))
        if code == 0 {
            // SQLite took the new bytes and let go of the old ones: the old buffer is the spare now.
            swap(&bound[slot], &spare[slot])
        }
        return code
    }
}

extension Int {
    /// The smallest power of two at least this large (this value, for a power of two).
    fileprivate var roundedUpToPowerOfTwo: Int {
        self <= 1 ? 1 : 1 << (Int.bitWidth - (self - 1).leadingZeroBitCount)
    }
}
