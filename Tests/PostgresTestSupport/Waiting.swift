import Foundation
import XCTest

extension XCTestCase {
    /// Polls `condition` until it holds, failing after a generous limit (a busy machine is slow):
    /// the tests wait for what they expect, never for a fixed time.
    public func waitUntil(_ what: String, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(120)
        while try !condition() {
            if Date() > deadline {
                return XCTFail("timed out waiting until \(what)")
            }
            usleep(10_000)
        }
    }
}
