import Foundation
import ORMCore
import XCTest
@testable import Browser

/// Marking rows and deleting them headless: marks in the gutter, `dd` asking how many rows, one
/// undo for the whole deletion, refusals by SQLite reported and not staged.
final class MarkedDeleteTests: XCTestCase {
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

    /// The ids left in `artists`.
    private func artistIDs() throws -> [SQLValue] {
        try Database(path: fixture.path).fetchAll("SELECT id FROM artists ORDER BY id").map { $0[0] }
    }

    /// `m` and Space mark rows (`*` in the gutter) and move down; `dd` asks how many rows; `y`
    /// stages their deletion (`-`), clears the marks, and `w` writes it.
    func testMarkedRowsAreDeletedAfterAskingHowMany() throws {
        let screens = try fixture.headless("m<Space><dump>dd<dump>y<dump>w", columns: 80, rows: 6, table: "artists")
        assertScreen(screens[0], [
            "Tables (5)        │  │id │name         │country │",
            "album_titles ◇   4│*1│  1│Ada          │UK      │",
            "albums           4│*2│  2│漢字テスト   │JP      │",
            "artists          3│ 3│  3│Emoji 😀 band│∅       │",
            "my \"odd\" table   2│",
            " BROWSE  2 rows marked · dd deletes them, M clears the marks   artists  3/3  id",
        ])
        XCTAssertEqual(screens[1].last, "Delete 2 rows? y/n")
        assertScreen(screens[2], [
            "Tables (5)        │  │id │name         │country │",
            "album_titles ◇   4│-1│  1│Ada          │UK      │",
            "albums           4│-2│  2│漢字テスト   │JP      │",
            "artists          3│ 3│  3│Emoji 😀 band│∅       │",
            "my \"odd\" table   2│",
            " BROWSE  staged: deletion of 2 rows · w commits, u undoes        2 pending  3/3",
        ])
        XCTAssertTrue(screens[3].last?.contains("committed 2 changes") == true, screens[3].joined(separator: "\n"))
        XCTAssertEqual(try artistIDs(), [3])
    }

    /// One `u` takes back the whole deletion.
    func testOneUndoTakesBackTheWholeDeletion() throws {
        let screen = try fixture.screen("mmmddyu", columns: 80, rows: 6, table: "artists")
        XCTAssertEqual(screen.last, " BROWSE  undone: deletion of 3 rows                            artists  3/3  id")
        XCTAssertFalse(screen.joined().contains("-1"))
    }

    /// Any answer but `y` deletes nothing and keeps the marks.
    func testOtherAnswersKeepTheRowsAndTheMarks() throws {
        let screens = try fixture.headless("mmddn<dump>dd<Esc>", columns: 80, rows: 6, table: "artists")
        for screen in screens {
            XCTAssertTrue(screen.last?.contains("nothing deleted") == true, screen.joined(separator: "\n"))
            XCTAssertEqual(screen[1], "album_titles ◇   4│*1│  1│Ada          │UK      │")
            XCTAssertFalse(screen.joined().contains("pending"))
        }
    }

    /// Without marks, `dd` asks about the cursor row alone.
    func testWithoutMarksDDAsksAboutTheCursorRow() throws {
        let screens = try fixture.headless("jdd<dump>y", columns: 80, rows: 6, table: "artists")
        XCTAssertEqual(screens[0].last, "Delete 1 row? y/n")
        XCTAssertEqual(Array(screens[1][1...2]), [
            "album_titles ◇   4│ 1│  1│Ada          │UK      │",
            "albums           4│-2│  2│漢字テスト   │JP      │",
        ])
        XCTAssertTrue(screens[1].last?.contains("staged: deletion of 1 row") == true, screens[1].joined(separator: "\n"))
    }

    /// `m` on a marked row unmarks it; `M` clears every mark (the sign column goes with them).
    func testMarksToggleAndClear() throws {
        let screens = try fixture.headless("mkm<dump>mm<dump>M", columns: 80, rows: 6, table: "artists")
        XCTAssertEqual(screens[0][1], "album_titles ◇   4│1│  1│Ada          │UK      │", "no marks, no sign column")
        XCTAssertTrue(screens[0].last?.contains("no rows marked") == true, screens[0].joined(separator: "\n"))
        XCTAssertEqual(Array(screens[1][1...3]), [
            "album_titles ◇   4│ 1│  1│Ada          │UK      │",
            "albums           4│*2│  2│漢字テスト   │JP      │",
            "artists          3│*3│  3│Emoji 😀 band│∅       │",
        ])
        XCTAssertEqual(screens[2][1], "album_titles ◇   4│1│  1│Ada          │UK      │")
        XCTAssertTrue(screens[2].last?.contains("marks cleared") == true, screens[2].joined(separator: "\n"))
    }

    /// A deletion SQLite refuses (a trigger) is not staged and says why; the others are.
    func testARefusedDeletionIsReportedAndTheOthersStaged() throws {
        try Database(path: fixture.path).execute("""
            CREATE TRIGGER keep_bo BEFORE DELETE ON artists WHEN old.id = 2
            BEGIN SELECT RAISE(ABORT, 'artist 2 stays'); END
            """)
        let screens = try fixture.headless("mmdd<dump>yw", columns: 100, rows: 6, table: "artists")
        XCTAssertEqual(screens[0].last, "Delete 2 rows? y/n")
        XCTAssertTrue(screens[1].last?.contains("committed 1 change") == true, screens[1].joined(separator: "\n"))
        XCTAssertEqual(try artistIDs(), [2, 3])
        let message = try fixture.screen("mmddy", columns: 120, rows: 6, table: "artists").last ?? ""
        XCTAssertTrue(message.contains("staged: deletion of 1 row; 1 row refused: artist 2 stays"), message)
    }

    /// Marked new rows are dropped with the marked stored rows: only the stored row is deleted.
    func testMarkedNewRowsAreDropped() throws {
        let screen = try fixture.screen("jDmggmddyp", columns: 80, rows: 8, table: "artists")
        assertScreen(screen, [
            "Pending changes (1 change)",
            "-- artists: 1 change",
            "DELETE FROM \"artists\" WHERE \"id\" = 1;",
            "",
            "",
            "",
            "",
            " PENDING  ? help",
        ])
    }
}
