import Foundation
import XCTest

/// Waits until `condition` holds, looking again after `between` (by default a 2 ms pause): the tests
/// wait for what they expect, never for a fixed time. The limit only ends a test that would otherwise
/// hang (a busy machine is slow, so it is generous); when it passes, the test fails with `what`.
///
/// The one polling loop of the tests: every test target reaches it through `TestSupport` (the
/// PostgreSQL tests through `PostgresTestSupport`, which re-exports it).
///
/// ```swift
/// try waitUntil("the watch looked") { (db.core.externalChanges.lookCount ?? 0) >= 1 }
/// try waitUntil("the screen shows it", between: { runner.run(wait) }) { runner.screen.contains("it") }
/// ```
///
/// - Parameters:
///   - what: what is awaited, for the failure's message.
///   - limit: the seconds after which the test fails (120).
///   - between: run after each look that finds `condition` false (ticking a runner, say).
///   - condition: what must hold.
/// - Returns: whether `condition` held (false once the test has failed).
/// - Throws: what `condition` or `between` throws.
@discardableResult
public func waitUntil(
    _ what: String, within limit: TimeInterval = 120, file: StaticString = #filePath, line: UInt = #line,
    between: () throws -> Void = { _ = usleep(2_000) }, _ condition: () throws -> Bool
) throws -> Bool {
    let deadline = Date().addingTimeInterval(limit)
    while try !condition() {
        if Date() > deadline {
            XCTFail("timed out waiting until \(what)", file: file, line: line)
            return false
        }
        try between()
    }
    return true
}
