import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// `transaction(retryingFor:)` pauses between attempts a little longer each time, never more than
/// a quarter of a second: after a failover the next attempt comes soon after a server takes writes.
final class TransactionRetryPauseTests: XCTestCase {
    func testThePauseDoublesFrom50MillisecondsUpTo250() {
        let pauses = (1...6).map(Database.retryPause(afterAttempt:))
        XCTAssertEqual(pauses, [50, 100, 200, 250, 250, 250].map { Duration.milliseconds($0) })
    }

    func testNoPauseExceedsAQuarterOfASecondHoweverManyAttempts() {
        XCTAssertEqual(Database.longestRetryPause, .milliseconds(250))
        for attempt in [0, 1, 7, 64, 1_000, Int.max] {
            let pause = Database.retryPause(afterAttempt: attempt)
            XCTAssertLessThanOrEqual(pause, .milliseconds(250), "attempt \(attempt)")
            XCTAssertGreaterThan(pause, .zero, "attempt \(attempt)")
        }
    }
}
