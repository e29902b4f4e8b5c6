import Foundation
import ORMCore
import XCTest
@testable import Browser

/// `/`, `n` and `N` search the text screens (schema, pending changes, help) as `less` does, so the
/// text typed after `/` goes to the search there too, never to the commands.
final class TextScreenSearchTests: XCTestCase {
    private var fixture: BrowserFixture!

    override func setUpWithError() throws {
        fixture = try BrowserFixture()
    }

    override func tearDown() {
        fixture.remove()
    }

    /// Issue #25's rule on the pending screen: `/wow` there ignored the `/` and its `w` committed
    /// the changes. It searches; nothing is written.
    func testSearchOnThePendingScreenCommitsNothing() throws {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "artists")
        let runner = HeadlessRunner(app: app, columns: 80, rows: 8)
        let screen = runner.run(try KeyScript.parse("llxp/wow<Enter>")).last ?? []
        XCTAssertEqual(screen.last?.hasPrefix(" PENDING  not found: wow"), true, screen.joined(separator: "\n"))
        XCTAssertEqual(app.pendingEditCount, 1)
        XCTAssertEqual(try fixture.open(readOnly: true).scalar("SELECT country FROM artists WHERE id = 1"), .text("UK"))
    }

    /// In the schema view the search scrolls to the line and `n` goes on to the next, around the end.
    func testSearchScrollsTheSchemaToTheLineAndNGoesOn() throws {
        let screens = try fixture.headless("S/references<Enter><dump>n<dump>n", columns: 80, rows: 6, table: "albums")
        XCTAssertEqual(screens[0].dropFirst().first?.lowercased().contains("references"), true, screens[0].joined(separator: "\n"))
        let first = try XCTUnwrap(screens[0].last)
        XCTAssertTrue(first.hasPrefix(" SCHEMA  /references  line "), first)
        XCTAssertEqual(screens[1].dropFirst().first?.lowercased().contains("references"), true, screens[1].joined(separator: "\n"))
        XCTAssertNotEqual(screens[1].last, first, "n found another line")
        XCTAssertEqual(screens[2].last?.hasPrefix(" SCHEMA  search hit BOTTOM, continuing at TOP"), true,
                       screens[2].joined(separator: "\n"))
    }

    /// The help screen searches its keys and descriptions.
    func testSearchTheHelp() throws {
        let screen = try fixture.screen("?/foreign<Enter>", columns: 80, rows: 6)
        XCTAssertEqual(screen.first, "  ] gf               go to the row the cursor cell's foreign key refers to")
        XCTAssertTrue(screen.last?.hasPrefix(" HELP  /foreign  line ") == true, screen.joined(separator: "\n"))
    }

    /// Lines are searched from the start line onwards or backwards, around the ends, case ignored.
    func testLineSearchWrapsBothWays() {
        let lines = ["alpha", "Beta", "gamma", "beta max"]
        XCTAssertEqual(LineSearch.find("beta", in: lines, from: 0, forward: true), .init(line: 1, wrapped: false))
        XCTAssertEqual(LineSearch.find("beta", in: lines, from: 2, forward: true), .init(line: 3, wrapped: false))
        XCTAssertEqual(LineSearch.find("alp", in: lines, from: 1, forward: true), .init(line: 0, wrapped: true))
        XCTAssertEqual(LineSearch.find("MAX", in: lines, from: 2, forward: false), .init(line: 3, wrapped: true))
        XCTAssertEqual(LineSearch.find("gam", in: lines, from: 3, forward: false), .init(line: 2, wrapped: false))
        XCTAssertNil(LineSearch.find("delta", in: lines, from: 0, forward: true))
        XCTAssertNil(LineSearch.find("", in: lines, from: 0, forward: true))
    }
}
