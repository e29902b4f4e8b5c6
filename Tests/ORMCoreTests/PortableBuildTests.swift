import Foundation
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// ORMCore's one compile-time choice, `ORMCORE_PORTABLE`: off on Linux by default (the identity map
/// takes objects with the runtime's `swift_tryRetain`, the one-word lock sleeps on a futex), on when
/// the package is built with `REEF_PORTABLE=1` (or `REEF_PLAIN_WEAK=1`), as `scripts/test` does once
/// (plain `weak` references, a lock that yields). Every other test runs in both builds.
final class PortableBuildTests: XCTestCase {
    /// Whether this test run asked for the portable build: `scripts/test` sets the variable for both
    /// the build and the run.
    private var portableAsked: Bool {
        let environment = ProcessInfo.processInfo.environment
        return environment["REEF_PORTABLE"] == "1" || environment["REEF_PLAIN_WEAK"] == "1"
    }

    /// The flag reached the identity map: plain `weak` references in the portable build only.
    func testTheBuildFlagChoosesTheReferences() {
        XCTAssertEqual(IdentityMap.holdsPlainWeakReferences, portableAsked)
    }

    /// The flag reached the one-word lock: a futex in the default build only.
    func testTheBuildFlagChoosesHowALockWaits() {
        XCTAssertEqual(AtomicLock.sleepsOnFutex, !portableAsked)
    }
}
