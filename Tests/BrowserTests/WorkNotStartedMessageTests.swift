import ORMCore
import XCTest

@testable import Browser

/// ORMCore's database-neutral errors for work it did not start read as they read when they were
/// SQLite's: the message alone.
final class WorkNotStartedMessageTests: XCTestCase {
    func testTheMessageIsTheErrorsOwnWords() {
        XCTAssertEqual(UserMessage.describe(WorkNotStarted(.busy, message: "another check is running")), "another check is running")
        XCTAssertEqual(UserMessage.describe(WorkNotStarted(.interrupted, message: "interrupted")), "interrupted")
    }
}
