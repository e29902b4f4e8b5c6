#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Zero-filled memory for large tables, from the kernel directly once it is big enough to be
/// mapped in huge pages.
///
/// A table that grows to hundreds of thousands of entries (the identity map's, for a large insert
/// or fetch) is fresh memory each time it grows: with 4 KiB pages the kernel takes a page fault,
/// and zeroes a page, for every 4 KiB the table fills, which measured as 2% of a 100,000-object
/// insert. A mapping of 2 MiB or more is advised for transparent huge pages (`MADV_HUGEPAGE`), so
/// where the system allows them (`enabled` set to `always` or `madvise`) the table faults in 2 MiB
/// at a time. Blocks from 256 KiB up are mapped too (without the advice): `calloc` would take them
/// from the heap once glibc raised its own mapping threshold (it does as mapped blocks are freed),
/// and clear them by hand, a `memset` of the whole table each time it grows (30 instructions an
/// object in a fetch of 20,000 into a fresh map). Smaller blocks come from `calloc`.
package enum ZeroedMemory {
    /// The size from which memory is mapped with the huge-page advice.
    static var hugeThreshold: Int { 2 << 20 }
    /// The size from which memory is mapped from the kernel, already zero.
    static var mapThreshold: Int { 256 << 10 }

    /// `byteCount` zeroed bytes; nil when the system has no memory to give.
    package static func allocate(byteCount: Int) -> UnsafeMutableRawPointer? {
        guard byteCount >= mapThreshold else { return calloc(1, max(byteCount, 1)) }
        #if os(Linux)
            let mapped = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
            guard let mapped, mapped != MAP_FAILED else { return nil }
            // Advice only: refused (no transparent huge pages), the mapping still works in small pages.
            if byteCount >= hugeThreshold { _ = madvise(mapped, byteCount, MADV_HUGEPAGE) }
            return mapped
        #else
            return calloc(1, byteCount)
        #endif
    }

    /// Returns memory from ``allocate(byteCount:)``, given the same `byteCount`.
    package static func deallocate(_ memory: UnsafeMutableRawPointer?, byteCount: Int) {
        guard let memory else { return }
        #if os(Linux)
            if byteCount >= mapThreshold {
                munmap(memory, byteCount)
                return
            }
        #endif
        free(memory)
    }

    /// `byteCount` zero bytes to be read only, never written: on Linux a fresh read-only mapping,
    /// whose pages read as the kernel's one shared zero page and so take no memory of their own
    /// (a 50 MB text bound from it to SQLite, which copies it into a record, costs the record
    /// alone); elsewhere ``allocate(byteCount:)``'s memory. Nil when the system has none to give.
    package static func readOnlyZeros(byteCount: Int) -> UnsafeRawPointer? {
        #if os(Linux)
            guard byteCount >= mapThreshold else { return allocate(byteCount: byteCount).map(UnsafeRawPointer.init) }
            let mapped = mmap(nil, byteCount, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
            guard let mapped, mapped != MAP_FAILED else { return nil }
            return UnsafeRawPointer(mapped)
        #else
            return allocate(byteCount: byteCount).map(UnsafeRawPointer.init)
        #endif
    }

    /// Returns memory from ``readOnlyZeros(byteCount:)``, given the same `byteCount`.
    package static func deallocateReadOnlyZeros(_ memory: UnsafeRawPointer?, byteCount: Int) {
        deallocate(memory.map { UnsafeMutableRawPointer(mutating: $0) }, byteCount: byteCount)
    }
}
