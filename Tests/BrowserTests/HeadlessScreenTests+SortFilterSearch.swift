import XCTest
@testable import Browser

/// Golden screens of sorting, filtering, searching and going to a row.
extension HeadlessScreenTests {
    /// Keys `lls<dump>s<dump>s` at 80x8: each order keeps the cursor on its row (album 1, `First`).
    func testSortCyclesAscendingDescendingOff() throws {
        let screens = try fixture.headless("lls<dump>s<dump>s", columns: 80, rows: 8, table: "albums")
        XCTAssertEqual(screens.count, 3)
        assertScreen(screens[0], [
            "Tables (5)        │ │id │artist_id │title▲│cover                  │notes",
            "album_titles ◇   4│1│  4│         3│∅     │∅                      │emoji 🎉 par…",
            "albums           4│2│  2│         1│      │∅                      │∅",
            "artists          3│3│  1│         1│First │<9 B> 89504e470d0a1a0a…│A long note …",
            "my \"odd\" table   2│4│  3│         2│東京  │<2 B> 00ff             │line one↵lin…",
            "pairs            3│",
            "                  │",
            " BROWSE  sorted by title ascending              albums  3/4  title  sort title▲",
        ])
        assertScreen(screens[1], [
            "Tables (5)        │ │id │artist_id │title▼│cover                  │notes",
            "album_titles ◇   4│1│  3│         2│東京  │<2 B> 00ff             │line one↵lin…",
            "albums           4│2│  1│         1│First │<9 B> 89504e470d0a1a0a…│A long note …",
            "artists          3│3│  2│         1│      │∅                      │∅",
            "my \"odd\" table   2│4│  4│         3│∅     │∅                      │emoji 🎉 par…",
            "pairs            3│",
            "                  │",
            " BROWSE  sorted by title descending             albums  2/4  title  sort title▼",
        ])
        assertScreen(screens[2], [
            "Tables (5)        │ │id │artist_id │title │cover                  │notes",
            "album_titles ◇   4│1│  1│         1│First │<9 B> 89504e470d0a1a0a…│A long note …",
            "albums           4│2│  2│         1│      │∅                      │∅",
            "artists          3│3│  3│         2│東京  │<2 B> 00ff             │line one↵lin…",
            "my \"odd\" table   2│4│  4│         3│∅     │∅                      │emoji 🎉 par…",
            "pairs            3│",
            "                  │",
            " BROWSE  sort off                                            albums  1/4  title",
        ])
    }

    /// Keys `fprice > 5<Enter>` at 80x8.
    func testValidFilter() throws {
        let screens = try fixture.headless("fprice > 5<Enter>", columns: 80, rows: 8, table: "albums")
        XCTAssertEqual(screens.count, 1)
        assertScreen(screens[0], [
            "Tables (5)        │ │id │artist_id │title │cover                  │notes",
            "album_titles ◇   4│1│  1│         1│First │<9 B> 89504e470d0a1a0a…│A long note …",
            "albums           4│2│  2│         1│      │∅                      │∅",
            "artists          3│",
            "my \"odd\" table   2│",
            "pairs            3│",
            "                  │",
            " BROWSE  filter: price > 5                    albums  1/2  id  filter price > 5",
        ])
    }

    /// Keys `fprice > 5<Enter>f<C-u>nope = 1<Enter>` at 80x8.
    func testInvalidFilterKeepsThePreviousView() throws {
        let screens = try fixture.headless("fprice > 5<Enter>f<C-u>nope = 1<Enter>", columns: 80, rows: 8, table: "albums")
        XCTAssertEqual(screens.count, 1)
        assertScreen(screens[0], [
            "Tables (5)        │ │id │artist_id │title │cover                  │notes",
            "album_titles ◇   4│1│  1│         1│First │<9 B> 89504e470d0a1a0a…│A long note …",
            "albums           4│2│  2│         1│      │∅                      │∅",
            "artists          3│",
            "my \"odd\" table   2│",
            "pairs            3│",
            "                  │",
            " BROWSE  filter: no such column: nope         albums  1/2  id  filter price > 5",
        ])
    }

    /// Keys `/on<Enter><dump>n<dump>n<dump>N` at 80x8.
    /// A match inside a blob's bytes or inside an emoji sequence puts the cursor on its column,
    /// as the search found it, in a table and in query results alike.
    func testSearchLandsOnTheColumnOfAMatchInABlobOrAnEmojiSequence() throws {
        let database = try fixture.open()
        try database.execute("CREATE TABLE odd (id INTEGER PRIMARY KEY, label TEXT, data BLOB, family TEXT)")
        try database.execute("INSERT INTO odd VALUES (1, 'a', ?, 'x'), (2, 'b', NULL, ?)",
                             Data(repeating: 0, count: 64) + Data("needle".utf8), "👨‍👩‍👧 family")
        for keys in ["/needle<Enter>", "eSELECT * FROM odd<Enter>/needle<Enter>"] {
            let found = try fixture.screen(keys, columns: 80, rows: 5, table: "odd")
            XCTAssertTrue(found.last?.hasSuffix("1/2  data") == true, keys + "\n" + found.joined(separator: "\n"))
        }
        let emoji = try fixture.screen("/👩<Enter>", columns: 80, rows: 5, table: "odd")
        XCTAssertTrue(emoji.last?.hasSuffix("odd  2/2  family") == true, emoji.joined(separator: "\n"))
    }

    func testSearchWithNextAndPrevious() throws {
        let screens = try fixture.headless("/on<Enter><dump>n<dump>n<dump>N", columns: 80, rows: 8, table: "albums")
        XCTAssertEqual(screens.count, 4)
        assertScreen(screens[0], [
            "Tables (5)        │ │id │notes                                   │price │",
            "album_titles ◇   4│1│  1│A long note that goes on and on and on …│   9.5│",
            "albums           4│2│  2│∅                                       │  12.0│",
            "artists          3│3│  3│line one↵line two                       │     ∅│",
            "my \"odd\" table   2│4│  4│emoji 🎉 party                          │  0.25│",
            "pairs            3│",
            "                  │",
            " BROWSE  /on  row 3                                          albums  3/4  notes",
        ])
        assertScreen(screens[1], [
            "Tables (5)        │ │id │notes                                   │price │",
            "album_titles ◇   4│1│  1│A long note that goes on and on and on …│   9.5│",
            "albums           4│2│  2│∅                                       │  12.0│",
            "artists          3│3│  3│line one↵line two                       │     ∅│",
            "my \"odd\" table   2│4│  4│emoji 🎉 party                          │  0.25│",
            "pairs            3│",
            "                  │",
            " BROWSE  search hit BOTTOM, continuing at TOP                albums  1/4  notes",
        ])
        assertScreen(screens[2], [
            "Tables (5)        │ │id │notes                                   │price │",
            "album_titles ◇   4│1│  1│A long note that goes on and on and on …│   9.5│",
            "albums           4│2│  2│∅                                       │  12.0│",
            "artists          3│3│  3│line one↵line two                       │     ∅│",
            "my \"odd\" table   2│4│  4│emoji 🎉 party                          │  0.25│",
            "pairs            3│",
            "                  │",
            " BROWSE  /on  row 3                                          albums  3/4  notes",
        ])
        assertScreen(screens[3], [
            "Tables (5)        │ │id │notes                                   │price │",
            "album_titles ◇   4│1│  1│A long note that goes on and on and on …│   9.5│",
            "albums           4│2│  2│∅                                       │  12.0│",
            "artists          3│3│  3│line one↵line two                       │     ∅│",
            "my \"odd\" table   2│4│  4│emoji 🎉 party                          │  0.25│",
            "pairs            3│",
            "                  │",
            " BROWSE  /on  row 1                                          albums  1/4  notes",
        ])
    }

    /// Keys `:3<Enter><dump>:abc<Enter>` at 60x8.
    func testGoToRow() throws {
        let screens = try fixture.headless(":3<Enter><dump>:abc<Enter>", columns: 60, rows: 8, table: "artists")
        XCTAssertEqual(screens.count, 2)
        assertScreen(screens[0], [
            "Tables (5)        │ │id │name         │country │",
            "album_titles ◇   4│1│  1│Ada          │UK      │",
            "albums           4│2│  2│漢字テスト   │JP      │",
            "artists          3│3│  3│Emoji 😀 band│∅       │",
            "my \"odd\" table   2│",
            "pairs            3│",
            "                  │",
            " BROWSE  ? help                            artists  3/3  id",
        ])
        assertScreen(screens[1], [
            "Tables (5)        │ │id │name         │country │",
            "album_titles ◇   4│1│  1│Ada          │UK      │",
            "albums           4│2│  2│漢字テスト   │JP      │",
            "artists          3│3│  3│Emoji 😀 band│∅       │",
            "my \"odd\" table   2│",
            "pairs            3│",
            "                  │",
            " BROWSE  not a row number: abc             artists  3/3  id",
        ])
    }
}
