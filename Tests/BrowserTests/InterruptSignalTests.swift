import XCTest
@testable import Browser

#if canImport(Glibc)
    import Glibc
#endif

/// Ctrl-C reaches reef as SIGINT: the handler turns it into a flag the input reader takes once
/// (read as the key `<C-c>`), instead of ending the process.
final class InterruptSignalTests: XCTestCase {
    func testSIGINTIsTakenOnceAndDoesNotEndTheProcess() throws {
        InterruptSignal.install()
        defer { signal(SIGINT, SIG_DFL) }
        XCTAssertFalse(InterruptSignal.take(), "nothing pressed yet")
        XCTAssertEqual(raise(SIGINT), 0)
        XCTAssertTrue(InterruptSignal.take(), "the signal was recorded")
        XCTAssertFalse(InterruptSignal.take(), "and taken once")
        XCTAssertEqual(raise(SIGINT), 0, "a second Ctrl-C after the first was taken is a new one")
        XCTAssertTrue(InterruptSignal.take())
    }
}
