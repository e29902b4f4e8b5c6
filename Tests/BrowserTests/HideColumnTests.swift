import Foundation
import ORMCore
import XCTest
@testable import Browser
import TestSupport

/// `-` hides the cursor column and `gv` shows them all again; the record view, `Y` and the export
/// follow what is shown, and hiding lasts through a sort, a filter, a reload and a live refresh.
final class HideColumnTests: XCTestCase {
    /// The fixture database, new for each test.
    private var fixture: BrowserFixture!

    /// Builds the fixture.
    override func setUpWithError() throws {
        fixture = try BrowserFixture()
    }

    /// Removes the fixture.
    override func tearDown() {
        fixture.remove()
    }

    /// `-` takes the column out of the grid, the cursor goes to the next column and the status
    /// bar counts the hidden ones; `gv` brings them back.
    func testHideAndShowAllAgain() throws {
        let screens = try fixture.headless("ll-<dump>l-<dump>gv", columns: 80, rows: 4, table: "albums")
        assertScreen(screens[0], [
            "Tables (5)        │ │id │artist_id │cover                  │notes",
            "album_titles ◇   4│1│  1│         1│<9 B> 89504e470d0a1a0a…│A long note that go…",
            "albums           4│2│  2│         1│∅                      │∅",
            " BROWSE  hid title · 1 hidden; gv shows all        albums  1/4  cover  1 hidden",
        ])
        assertScreen(screens[1], [
            "Tables (5)        │ │id │artist_id │cover                  │price │",
            "album_titles ◇   4│1│  1│         1│<9 B> 89504e470d0a1a0a…│   9.5│",
            "albums           4│2│  2│         1│∅                      │  12.0│",
            " BROWSE  hid notes · 2 hidden; gv shows all        albums  1/4  price  2 hidden",
        ])
        // The cursor stays on price, the last column: the grid scrolls to show it.
        assertScreen(screens[2], [
            "Tables (5)        │ │id │notes                                   │price │",
            "album_titles ◇   4│1│  1│A long note that goes on and on and on …│   9.5│",
            "albums           4│2│  2│∅                                       │  12.0│",
            " BROWSE  2 columns shown again                               albums  1/4  price",
        ])
        let back = try fixture.screen("ll-l-gvhhhh", columns: 80, rows: 4, table: "albums")
        XCTAssertEqual(back[0], "Tables (5)        │ │id │artist_id │title │cover                  │notes")
    }

    /// The cursor passes over hidden columns both ways, and `0` and `$` land on columns shown.
    func testTheCursorSkipsHiddenColumns() throws {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "albums")
        let runner = HeadlessRunner(app: app, columns: 80, rows: 6)
        _ = runner.run(try KeyScript.parse("-$-hh"))  // hides id (first) and price (last)
        let grid = try XCTUnwrap(app.currentGrid)
        XCTAssertEqual(grid.hiddenColumns, ["id", "price"])
        XCTAssertEqual(grid.cursorColumn, 2, "from notes two to the left: cover, title")
        _ = runner.run(try KeyScript.parse("0"))
        XCTAssertEqual(grid.cursorColumn, 1, "0 goes to the first column shown")
        _ = runner.run(try KeyScript.parse("h"))
        XCTAssertEqual(grid.cursorColumn, 1, "nothing shown to the left")
        _ = runner.run(try KeyScript.parse("$l"))
        XCTAssertEqual(grid.cursorColumn, 4, "$ goes to the last column shown")
    }

    /// The last column shown is not hidden: the grid would have nothing to move back to.
    func testTheLastColumnShownStays() throws {
        let screen = try fixture.screen("-", columns: 60, rows: 4, table: "my \"odd\" table")
        XCTAssertEqual(screen.last, " BROWSE  hid a col · 1 hidden; gv shows all             1/2")
        let refused = try fixture.screen("--", columns: 80, rows: 4, table: "my \"odd\" table")
        XCTAssertEqual(refused.last?.hasPrefix(" BROWSE  the last column shown cannot be hidden"), true, refused.last ?? "")
        XCTAssertTrue(refused[0].contains("select"), refused[0])
    }

    /// `Y` copies the values of the columns shown only.
    func testCopiedRowLeavesHiddenColumnsOut() throws {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "albums")
        let runner = HeadlessRunner(app: app, columns: 80, rows: 4)
        _ = runner.run(try KeyScript.parse("ll-l-jjY"))
        XCTAssertEqual(runner.backend.clipboard, ["3\t2\t00ff\t"])
    }

    /// The record view lists the fields of the columns shown, and moves over them only.
    func testRecordViewShowsTheColumnsShown() throws {
        let screen = try fixture.screen("ll-j<Enter>j", columns: 60, rows: 7, table: "albums")
        assertScreen(screen, [
            "Record 2 of 4 · albums",
            "id        │ 2",
            "artist_id │ 1",
            "cover     │ ∅ NULL",
            "notes     │ ∅ NULL",
            "price     │ 12.0",
            " RECORD  ? help                albums  2/4  notes  1 hidden",
        ])
    }

    /// `-` in the record view hides the field selected; `gv` there shows it again.
    func testHidingFromTheRecordView() throws {
        let screens = try fixture.headless("<Enter>j-<dump>gv", columns: 60, rows: 8, table: "albums")
        XCTAssertEqual(screens[0][1], "id    │ 1")
        XCTAssertEqual(screens[0][2], "title │ First", "the field after the hidden one is selected")
        XCTAssertEqual(screens[0].last, " RECORD  hid artist_id · 1 hidden; gv shows all albums  1/4")
        XCTAssertEqual(screens[1][2], "artist_id │ 1")
    }

    /// An export (every format) writes the columns shown, in the view's filter and order.
    func testExportLeavesHiddenColumnsOut() throws {
        let csv = fixture.directory.appendingPathComponent("shown.csv").path
        let json = fixture.directory.appendingPathComponent("shown.json").path
        let sql = fixture.directory.appendingPathComponent("shown.sql").path
        _ = try fixture.screen("l---fprice > 1<Enter>$sX\(csv)<Enter><dump>X\(json)<Enter><dump>X\(sql)<Enter>",
                               columns: 200, rows: 4, table: "albums")
        XCTAssertEqual(try String(contentsOfFile: csv, encoding: .utf8), """
            id,notes,price\r
            1,A long note that goes on and on and on until it has to be cut somewhere,9.5\r
            2,,12.0\r

            """)
        XCTAssertEqual(try String(contentsOfFile: json, encoding: .utf8), """
            [
            {"id":1,"notes":"A long note that goes on and on and on until it has to be cut somewhere","price":9.5},
            {"id":2,"notes":null,"price":12.0}
            ]

            """)
        let script = try String(contentsOfFile: sql, encoding: .utf8)
        XCTAssertTrue(script.contains(#"CREATE TABLE "albums" ("id", "notes", "price");"#), script)
        XCTAssertFalse(script.contains("artist_id"), script)
    }

    /// Hiding lasts through a sort, a filter, a reload and another process's commit (the table
    /// read again); it belongs to the table's view: another table shows all its columns.
    func testHidingSurvivesSortFilterAndRefresh() throws {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "albums")
        let runner = HeadlessRunner(app: app, columns: 90, rows: 6)
        let sorted = runner.run(try KeyScript.parse("ll-sfprice > 1<Enter>r")).last ?? []
        XCTAssertEqual(sorted[0], "Tables (5)        │ │id │artist_id │cover                 ▲│notes")
        XCTAssertTrue(sorted.last?.contains("cover  1 hidden  sort cover▲") ?? false, sorted.last ?? "")
        try Database(path: fixture.path).execute("UPDATE albums SET title = 'Renamed', notes = 'changed elsewhere' WHERE id = 2")
        var screen: [String] = []
        try waitUntil("the other process's commit shows") {
            screen = runner.run(try KeyScript.parse("<wait:20><dump>")).last ?? []
            return screen.joined().contains("changed elsewhere")
        }
        XCTAssertTrue(screen[1].contains("changed elsewhere"), screen.joined(separator: "\n"))
        XCTAssertFalse(screen.joined().contains("Renamed"), screen.joined(separator: "\n"))
        XCTAssertEqual(app.currentGrid?.hiddenColumns, ["title"])
        let other = runner.run(try KeyScript.parse("<Tab>j")).last ?? []
        XCTAssertEqual(other[0], "▸ Tables (5)      │ │id │name         │country │")
    }

    /// A statement at the SQL prompt that may change the schema reopens the open grids with their
    /// new columns: the columns hidden before that are still there stay hidden (they were all
    /// shown again); one dropped meanwhile is simply gone, and one added is shown.
    func testHidingSurvivesDDLAtTheSQLPrompt() throws {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "albums")
        let runner = HeadlessRunner(app: app, columns: 90, rows: 6)
        _ = runner.run(try KeyScript.parse("ll-l-"))  // hides title and notes
        XCTAssertEqual(app.currentGrid?.hiddenColumns, ["title", "notes"])
        let screen = runner.run(try KeyScript.parse("eALTER TABLE albums ADD COLUMN rating INTEGER<Enter><Esc>")).last ?? []
        XCTAssertEqual(app.currentGrid?.hiddenColumns, ["title", "notes"])
        XCTAssertEqual(screen[0], "Tables (5)        │ │id │artist_id │cover                  │price │rating │", screen.joined(separator: "\n"))
        _ = runner.run(try KeyScript.parse("eALTER TABLE albums DROP COLUMN notes<Enter><Esc>"))
        XCTAssertEqual(app.currentGrid?.hiddenColumns, ["title"], "a column dropped is no longer hidden")
        _ = runner.run(try KeyScript.parse("eCREATE INDEX albums_price ON albums (price)<Enter><Esc>"))
        XCTAssertEqual(app.currentGrid?.hiddenColumns, ["title"])
    }
}
