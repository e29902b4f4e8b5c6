import Foundation
import XCTest

@testable import ORMCore

/// The identity map's references: the tryRetain kind by default, plain `weak` ones when the package
/// is built with `REEF_PLAIN_WEAK=1` (as `scripts/test` does once). Every other identity-map test runs
/// in both builds.
final class IdentityMapReferenceTests: XCTestCase {
    /// The build flag reached ORMCore: a test run with `REEF_PLAIN_WEAK=1` in its environment (which
    /// `scripts/test` also builds with) runs the plain `weak` map, and any other the default one.
    func testTheBuildFlagChoosesTheReferences() {
        let asked = ProcessInfo.processInfo.environment["REEF_PLAIN_WEAK"] == "1"
        XCTAssertEqual(IdentityMap.holdsPlainWeakReferences, asked)
    }
}
