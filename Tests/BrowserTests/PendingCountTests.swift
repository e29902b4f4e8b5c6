import Foundation
import ORMCore
import XCTest
@testable import Browser

/// The pending count counts what `w` would write, as `p` lists it: one statement per row.
final class PendingCountTests: XCTestCase {
    private var fixture: BrowserFixture!

    override func setUpWithError() throws {
        fixture = try BrowserFixture()
    }

    override func tearDown() {
        fixture.remove()
    }

    /// Issue #25: a new row deleted again counted as two changes while `p` listed none. Nothing
    /// is pending, `p` says so, and quitting does not ask.
    func testANewRowDeletedAgainIsNothingPending() throws {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "albums")
        let runner = HeadlessRunner(app: app, columns: 80, rows: 8)
        let screens = runner.run(try KeyScript.parse("o<dump>ddy<dump>p"))
        XCTAssertEqual(screens[0].last?.contains("1 pending"), true, screens[0].joined(separator: "\n"))
        XCTAssertEqual(screens[1].last?.contains("pending"), false, screens[1].joined(separator: "\n"))
        XCTAssertEqual(app.pendingEditCount, 0)
        XCTAssertEqual(screens[2].prefix(2), ["Pending changes (0 changes)", "No pending changes."])
        XCTAssertEqual(app.handle(.character("Q")), .quit, "nothing to ask about")
    }

    /// Two cells of one row are one UPDATE: one pending change, as `p` lists it and `w` commits it.
    func testCellsOfOneRowAreOneChange() throws {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "albums")
        let runner = HeadlessRunner(app: app, columns: 100, rows: 8)
        let screens = runner.run(try KeyScript.parse("llxlx<dump>jx<dump>p<dump>pw"))
        XCTAssertEqual(screens[0].last?.contains("1 pending"), true, screens[0].joined(separator: "\n"))
        XCTAssertEqual(screens[1].last?.contains("2 pending"), true, screens[1].joined(separator: "\n"))
        XCTAssertEqual(screens[2].prefix(4), [
            "Pending changes (2 changes)",
            "-- albums: 2 changes",
            "UPDATE \"albums\" SET \"cover\" = NULL, \"title\" = NULL WHERE \"id\" = 1;",
            "UPDATE \"albums\" SET \"cover\" = NULL WHERE \"id\" = 2;",
        ])
        XCTAssertEqual(screens[3].last?.contains("committed 2 changes"), true, screens[3].joined(separator: "\n"))
    }
}
