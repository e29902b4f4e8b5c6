import XCTest
@testable import Browser

/// `zp` draws a picture of the cursor column over the rows shown, in the grid's order (a
/// sparkline): one block a row, scaled from the smallest number shown to the largest.
final class ColumnPictureTests: XCTestCase {
    func testOneBlockARowScaledToTheNumbersShown() {
        let picture = ColumnPicture(name: "amount", values: [.integer(0), .real(3.5), .null, .integer(7), .text("x")], firstRow: 40)
        XCTAssertEqual(picture.blocksText, "▁▅ █ ")
        XCTAssertEqual(picture.line, "amount, rows 41–45: ▁▅ █   0 … 7")
        XCTAssertEqual(ColumnPicture(name: "n", values: [.integer(2), .integer(2)], firstRow: 0).blocksText, "▅▅", "one value: mid-height")
        XCTAssertEqual(ColumnPicture(name: "t", values: [.text("a"), .null], firstRow: 0).line, "t, rows 1–2: no numbers shown")
        XCTAssertEqual(ColumnPicture(name: "e\u{1B}[2J", values: [], firstRow: 0).line, "e^[[2J, no rows: no numbers shown")
    }

    func testZpDrawsThePictureBelowTheGridAndFollowsTheCursorAndTheOrder() throws {
        let fixture = try BrowserFixture()
        defer { fixture.remove() }
        let screens = try fixture.headless("$zp<dump>s<dump>zp", columns: 90, rows: 8, table: "albums")
        assertScreen(screens[0], [
            "Tables (5)        │ │id │notes                                   │price │",
            "album_titles ◇   4│1│  1│A long note that goes on and on and on …│   9.5│",
            "albums           4│2│  2│∅                                       │  12.0│",
            "artists          3│3│  3│line one↵line two                       │     ∅│",
            "my \"odd\" table   2│4│  4│emoji 🎉 party                          │  0.25│",
            "pairs            3│",
            "                  │price, rows 1–4: ▇█ ▁  0.25 … 12.0",
            " BROWSE  picture of the cursor column over the rows shown; zp hides it albums  1/4  price",
        ])
        XCTAssertEqual(screens[1][6], "                  │price, rows 1–4:  ▁▇█  0.25 … 12.0", "sorted: NULL first, then rising")
        XCTAssertEqual(screens[2][6], "                  │", "zp again hides it")
        XCTAssertTrue(screens[2].last?.hasPrefix(" BROWSE  picture hidden") ?? false, screens[2].last ?? "")
    }
}
