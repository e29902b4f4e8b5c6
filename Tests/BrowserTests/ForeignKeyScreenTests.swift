import ORMCore
import XCTest
@testable import Browser

/// Golden screens of following foreign keys (`]`, `gf`) and going back (`[`, Backspace).
///
/// The fixture gets two more albums: one whose artist does not exist (written with foreign keys
/// off) and one with a NULL artist.
final class ForeignKeyScreenTests: XCTestCase {
    /// The fixture database, new for each test.
    private var fixture: BrowserFixture!

    /// Builds the fixture and adds the albums with a missing and a NULL artist.
    override func setUpWithError() throws {
        fixture = try BrowserFixture()
        var configuration = Configuration()
        configuration.journalMode = .unchanged
        configuration.foreignKeys = false
        let database = try Database(path: fixture.path, configuration: configuration)
        try database.execute("INSERT INTO albums (id, artist_id, title) VALUES (5, 99, 'Orphan'), (6, NULL, 'Nobody')")
    }

    /// Removes the fixture.
    override func tearDown() {
        fixture.remove()
    }

    /// Keys `jjl]` at 60x7: the artist of album 3 is row 2 of artists, cursor on `id`.
    func testFollowingAForeignKeyOpensTheReferencedRow() throws {
        let screen = try fixture.screen("jjl]", columns: 60, rows: 7, table: "albums")
        assertScreen(screen, [
            "Tables (5)        │ │id │name         │country │",
            "album_titles ◇   4│1│  1│Ada          │UK      │",
            "albums           6│2│  2│漢字テスト   │JP      │",
            "artists          3│3│  3│Emoji 😀 band│∅       │",
            "my \"odd\" table   2│",
            "pairs            3│",
            " BROWSE  artists.id = 2  ([ back)          artists  2/3  id",
        ])
    }

    /// Keys `jjjl` + `gf` + `<BS>` at 60x5: back on albums, same row and column.
    func testBackReturnsToTheRowAndColumn() throws {
        let screen = try fixture.screen("jjjlgf<BS>", columns: 60, rows: 5, table: "albums")
        XCTAssertEqual(screen.last, " BROWSE  back to albums              albums  4/6  artist_id")
        XCTAssertEqual(try fixture.screen("jjjlgf[[", columns: 60, rows: 5, table: "albums").last,
                       " BROWSE  no foreign-key jump to go back from    albums  4/6")
    }

    /// Back restores the filter and sort the origin had, and the cursor row by its key.
    func testBackRestoresSortAndFilter() throws {
        let screen = try fixture.screen("fartist_id <lt> 3<Enter>llsG0l]j[", columns: 90, rows: 7, table: "albums")
        assertScreen(screen, [
            "Tables (5)        │ │id │artist_id │title▲│cover                  │notes",
            "album_titles ◇   4│1│  2│         1│      │∅                      │∅",
            "albums           6│2│  1│         1│First │<9 B> 89504e470d0a1a0a…│A long note that goes …",
            "artists          3│3│  3│         2│東京  │<2 B> 00ff             │line one↵line two",
            "my \"odd\" table   2│",
            "pairs            3│",
            " BROWSE  back to albums         albums  3/3  artist_id  sort title▲  filter artist_id < 3",
        ])
    }

    /// The referenced table's own filter is cleared, so the row shows.
    func testTargetFilterIsClearedToShowTheRow() throws {
        let screen = try fixture.screen("fid > 2<Enter><Tab>k<Enter>l]", columns: 60, rows: 5, table: "artists")
        XCTAssertEqual(screen.last, " BROWSE  artists.id = 1  ([ back)          artists  1/3  id")
    }

    /// A reference to a row that does not exist says so and stays.
    func testMissingReferencedRowIsReported() throws {
        let screen = try fixture.screen("Gkl]", columns: 70, rows: 4, table: "albums")
        XCTAssertEqual(screen.last, " BROWSE  no artists row with id = 99           albums  5/6  artist_id")
    }

    /// A NULL reference says so and stays; a column that is no foreign key says so.
    func testNullAndNonKeyColumns() throws {
        XCTAssertEqual(try fixture.screen("Gl]", columns: 70, rows: 4, table: "albums").last,
                       " BROWSE  artist_id is NULL: it refers to no artists row   albums  6/6")
        XCTAssertEqual(try fixture.screen("ll]", columns: 70, rows: 4, table: "albums").last,
                       " BROWSE  title is not a foreign key                albums  1/6  title")
    }
}
