import XCTest
@testable import Browser

/// Golden screens in a small terminal, and the table list as the window grows.
extension HeadlessScreenTests {
    /// Keys `` at 40x10.
    func testSmallTerminalTableList() throws {
        let screens = try fixture.headless("", columns: 40, rows: 10)
        XCTAssertEqual(screens.count, 1)
        assertScreen(screens[0], [
            "▸ Tables (5)",
            "album_titles ◇                         4",
            "albums                                 4",
            "artists                                3",
            "my \"odd\" table                         2",
            "pairs                                  3",
            "",
            "",
            "",
            " TABLES  ? help       album_titles  1/4",
        ])
    }

    /// Keys `j<Enter><dump>l<dump>?` at 40x10.
    func testSmallTerminalGridAndHelp() throws {
        let screens = try fixture.headless("j<Enter><dump>l<dump>?", columns: 40, rows: 10)
        XCTAssertEqual(screens.count, 3)
        assertScreen(screens[0], [
            " │id │artist_id │title │cover",
            "1│  1│         1│First │<9 B> 89504e470…",
            "2│  2│         1│      │∅",
            "3│  3│         2│東京  │<2 B> 00ff",
            "4│  4│         3│∅     │∅",
            "",
            "",
            "",
            "",
            " BROWSE  ? help         albums  1/4  id",
        ])
        assertScreen(screens[1], [
            " │id │artist_id │title │cover",
            "1│  1│         1│First │<9 B> 89504e470…",
            "2│  2│         1│      │∅",
            "3│  3│         2│東京  │<2 B> 00ff",
            "4│  4│         3│∅     │∅",
            "",
            "",
            "",
            "",
            " BROWSE  ? help             albums  1/4",
        ])
        assertScreen(screens[2], [
            "Keys (vim and arrows); q or Esc closes",
            "",
            "Move",
            "  k <Up>         up one row (record",
            "                 view: previous field)",
            "  j <Down>       down one row (record",
            "                 view: next field)",
            "  h <Left>       left one column (record",
            "                 view: previous row)",
            " HELP  ? help",
        ])
    }

    /// Issue #25: a table list scrolled in a short window stayed scrolled when the window grew
    /// again, the first tables hidden above empty rows (Ctrl-L did not help). It scrolls back.
    func testTheTableListScrollsBackWhenTheWindowGrows() throws {
        let app = try App(database: try fixture.open(), theme: .builtinDefault)
        let short = HeadlessRunner(app: app, columns: 60, rows: 4).run(try KeyScript.parse("G")).last ?? []
        XCTAssertEqual(short.first, "▸ Tables (5)      │ │a  │b  │v  │")
        XCTAssertEqual(short.dropFirst().first, "my \"odd\" table   2│1│x  │  1│x1 │")
        let tall = HeadlessRunner(app: app, columns: 60, rows: 8).run(try KeyScript.parse("<C-l>")).last ?? []
        assertScreen(tall, [
            "▸ Tables (5)      │ │a  │b  │v  │",
            "album_titles ◇   4│1│x  │  1│x1 │",
            "albums           4│2│x  │  2│x2 │",
            "artists          3│3│y  │  1│y1 │",
            "my \"odd\" table   2│",
            "pairs            3│",
            "                  │",
            " TABLES  ? help                               pairs  1/3  a",
        ])
    }
}
