import XCTest
@testable import Browser

/// Golden-screen tests of every screen, run headless on the fixture database.
///
/// Each test plays keys in vim notation and compares the screens (trailing blanks removed) with
/// the expected lines. Screens are taken once background counts have finished.
final class HeadlessScreenTests: XCTestCase {
    /// The fixture database, new for each test.
    var fixture: BrowserFixture!

    /// Builds the fixture.
    override func setUpWithError() throws {
        fixture = try BrowserFixture()
    }

    /// Removes the fixture.
    override func tearDown() {
        fixture.remove()
    }

    /// Keys `j` at 80x12.
    func testMainScreenListsTablesWithCountsAndShowsTheGrid() throws {
        let screens = try fixture.headless("j", columns: 80, rows: 12)
        XCTAssertEqual(screens.count, 1)
        assertScreen(screens[0], [
            "▸ Tables (5)      │ │id │artist_id │title │cover                  │notes",
            "album_titles ◇   4│1│  1│         1│First │<9 B> 89504e470d0a1a0a…│A long note …",
            "albums           4│2│  2│         1│      │∅                      │∅",
            "artists          3│3│  3│         2│東京  │<2 B> 00ff             │line one↵lin…",
            "my \"odd\" table   2│4│  4│         3│∅     │∅                      │emoji 🎉 par…",
            "pairs            3│",
            "                  │",
            "                  │",
            "                  │",
            "                  │",
            "                  │",
            " TABLES  ? help                                                 albums  1/4  id",
        ])
    }

    /// Keys `llll` at 50x8.
    func testGridScrolledRightKeepsTheKeyColumnFrozen() throws {
        let screens = try fixture.headless("llll", columns: 50, rows: 8, table: "albums")
        XCTAssertEqual(screens.count, 1)
        assertScreen(screens[0], [
            " │id │notes                                   │pr…",
            "1│  1│A long note that goes on and on and on …│9.5",
            "2│  2│∅                                       │12…",
            "3│  3│line one↵line two                       │∅",
            "4│  4│emoji 🎉 party                          │0.…",
            "",
            "",
            " BROWSE  ? help                albums  1/4  notes",
        ])
    }

    /// Keys `S` at 80x26.
    func testSchemaViewShowsColumnsKeysIndexesForeignKeysAndCreate() throws {
        let screens = try fixture.headless("S", columns: 80, rows: 26, table: "albums")
        XCTAssertEqual(screens.count, 1)
        assertScreen(screens[0], [
            "Schema of albums",
            "Table albums",
            "",
            "Columns",
            "  # name      type    null     default key",
            "  1 id        INTEGER NOT NULL         PK 1 (rowid)",
            "  2 artist_id INTEGER nullable",
            "  3 title     TEXT    nullable",
            "  4 cover     BLOB    nullable",
            "  5 notes     TEXT    nullable",
            "  6 price     REAL    nullable",
            "",
            "Primary key: id",
            "",
            "Indexes",
            "  albums_artist  (artist_id)",
            "",
            "Foreign keys",
            "  (artist_id) → artists(id)  ON DELETE CASCADE",
            "",
            "Referenced by",
            "  none",
            "",
            "Triggers",
            "  none",
            " SCHEMA  ? help",
        ])
    }

    /// Keys `eSELECT name, country FROM artists ORDER BY name DESC<Enter>` at 60x8.
    func testSQLQueryOpensResultsInAGrid() throws {
        let screens = try fixture.headless("eSELECT name, country FROM artists ORDER BY name DESC<Enter>", columns: 60, rows: 8)
        XCTAssertEqual(screens.count, 1)
        assertScreen(screens[0], [
            " │name         │country │",
            "1│漢字テスト   │JP      │",
            "2│Emoji 😀 band│∅       │",
            "3│Ada          │UK      │",
            "",
            "",
            "",
            " RESULTS  ? help                           query  1/3  name",
        ])
    }

    /// Keys `eUPDATE artists SET country = 'FR' WHERE id < 3<Enter>` at 60x8.
    func testSQLUpdateReportsRowsChanged() throws {
        let screens = try fixture.headless("eUPDATE artists SET country = 'FR' WHERE id < 3<Enter>", columns: 60, rows: 8, table: "artists")
        XCTAssertEqual(screens.count, 1)
        XCTAssertNotNil(screens[0].last?.firstMatch(of: #/2 rows changed \([0-9]+\.[0-9] ms\)/#), "how long it took")
        assertScreen(screens[0].map(withoutTiming), [
            "Tables (5)        │ │id │name         │country │",
            "album_titles ◇   4│1│  1│Ada          │FR      │",
            "albums           4│2│  2│漢字テスト   │FR      │",
            "artists          3│3│  3│Emoji 😀 band│∅       │",
            "my \"odd\" table   2│",
            "pairs            3│",
            "                  │",
            " BROWSE  2 rows changed                    artists  1/3  id",
        ].map(withoutTiming))
    }

    /// Keys `` at 60x6.
    func testWithoutRowIDTableInKeyOrder() throws {
        let screens = try fixture.headless("", columns: 60, rows: 6, table: "pairs")
        XCTAssertEqual(screens.count, 1)
        assertScreen(screens[0], [
            "Tables (5)        │ │a  │b  │v  │",
            "albums           4│1│x  │  1│x1 │",
            "artists          3│2│x  │  2│x2 │",
            "my \"odd\" table   2│3│y  │  1│y1 │",
            "pairs            3│",
            " BROWSE  ? help                               pairs  1/3  a",
        ])
    }

    /// Keys `jjeDELETE FROM artists WHERE id = 1<Enter>r` at 60x7.
    func testReloadKeepsTheCursorOnTheSameRow() throws {
        let screens = try fixture.headless("jjeDELETE FROM artists WHERE id = 1<Enter>r", columns: 60, rows: 7, table: "artists")
        XCTAssertEqual(screens.count, 1)
        assertScreen(screens[0], [
            "Tables (5)        │ │id │name         │country │",
            "album_titles ◇   2│1│  2│漢字テスト   │JP      │",
            "albums           2│2│  3│Emoji 😀 band│∅       │",
            "artists          2│",
            "my \"odd\" table   2│",
            "pairs            3│",
            " BROWSE  reloaded                          artists  2/2  id",
        ])
    }
}
