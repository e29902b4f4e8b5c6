@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared
import XCTest

/// Where a commit ends in the primary's log, from the insert position read after it: a commit
/// that filled its page ends at the next page's start, not past that page's header, which a
/// standby never reports as replayed until more log comes (reads waited their whole bound).
final class ReplayFenceTests: XCTestCase {
    func testAPositionJustPastAPageHeaderIsThatPagesStart() {
        // 0/302A018: 24 bytes into a page in the middle of a 16 MB file.
        XCTAssertEqual(ReplayFence.commitEnd(insert: 0x302_A018, fileOffset: 0x2_A018, blockSize: 8192), 0x302_A000)
        // 40 bytes into a file's first page, whose header is the long one.
        XCTAssertEqual(ReplayFence.commitEnd(insert: 0x400_0028, fileOffset: 40, blockSize: 8192), 0x400_0000)
    }

    func testEveryOtherPositionIsARecordsEndAsItIs() {
        // 40 bytes into a page that is not a file's first is a record's end.
        XCTAssertEqual(ReplayFence.commitEnd(insert: 0x302_A028, fileOffset: 0x2_A028, blockSize: 8192), 0x302_A028)
        // 24 bytes into a file's first page is inside its long header: left alone.
        XCTAssertEqual(ReplayFence.commitEnd(insert: 0x400_0018, fileOffset: 24, blockSize: 8192), 0x400_0018)
        XCTAssertEqual(ReplayFence.commitEnd(insert: 0x302_A1F0, fileOffset: 0x2_A1F0, blockSize: 8192), 0x302_A1F0)
        XCTAssertEqual(ReplayFence.commitEnd(insert: 0x302_A018, fileOffset: 0x2_A018, blockSize: 0), 0x302_A018)
    }

    func testTheFenceOnlyMovesForward() {
        let fence = ReplayFence(maximumWait: .seconds(1))
        fence.committed(at: 0x302_A000)
        fence.committed(at: 0x302_0000)
        XCTAssertEqual(fence.required, 0x302_A000)
        XCTAssertEqual(ReplayFence.position("0/302A000"), 0x302_A000)
        XCTAssertEqual(ReplayFence.position("16/B374D848"), 0x16_B374_D848)
        XCTAssertNil(ReplayFence.position("302A000"))
    }
}
