import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// Zero-filled blocks for large tables: small ones from `calloc`, from 256 KiB mapped, from the
/// huge-page size with the huge-page advice. All read as zero everywhere and can be written throughout.
final class ZeroedMemoryTests: XCTestCase {
    func testSmallAndLargeBlocksReadAsZeroAndTakeWrites() throws {
        for byteCount in [0, 1, 4_096, ZeroedMemory.mapThreshold - 8, ZeroedMemory.mapThreshold, ZeroedMemory.hugeThreshold - 8, ZeroedMemory.hugeThreshold, 3 << 20 + 24] {
            let memory = try XCTUnwrap(ZeroedMemory.allocate(byteCount: byteCount), "\(byteCount) bytes")
            defer { ZeroedMemory.deallocate(memory, byteCount: byteCount) }
            let bytes = memory.bindMemory(to: UInt8.self, capacity: max(byteCount, 1))
            // Every page reads as zero (a reused block that was not cleared would not).
            for offset in stride(from: 0, to: byteCount, by: 4_096) {
                XCTAssertEqual(bytes[offset], 0, "byte \(offset) of \(byteCount)")
            }
            if byteCount > 0 {
                XCTAssertEqual(bytes[byteCount - 1], 0)
                bytes[0] = 1
                bytes[byteCount - 1] = 2
                bytes[byteCount / 2] = 3
                XCTAssertEqual([bytes[0], bytes[byteCount / 2], bytes[byteCount - 1]], byteCount == 1 ? [3, 3, 3] : [1, 3, 2])
            }
        }
    }

    /// A large block comes back zeroed after a previous one of the same size was written and freed.
    func testALargeBlockIsZeroAgainAfterAWrittenOneIsFreed() throws {
        let byteCount = 4 << 20
        let first = try XCTUnwrap(ZeroedMemory.allocate(byteCount: byteCount))
        first.initializeMemory(as: UInt8.self, repeating: 0xAB, count: byteCount)
        ZeroedMemory.deallocate(first, byteCount: byteCount)
        let second = try XCTUnwrap(ZeroedMemory.allocate(byteCount: byteCount))
        defer { ZeroedMemory.deallocate(second, byteCount: byteCount) }
        let bytes = second.bindMemory(to: UInt8.self, capacity: byteCount)
        XCTAssertTrue(stride(from: 0, to: byteCount, by: 512).allSatisfy { bytes[$0] == 0 })
    }
}
