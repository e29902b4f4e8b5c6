import Foundation
import ORMCore
import XCTest
@testable import Browser
import TestSupport

/// Editing cells headless: the cell editor, checks by SQLite, staging, undo, pending SQL, commit,
/// conflicts, a locked database and quitting with pending changes.
final class EditingTests: XCTestCase {
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

    /// The value of one column of one row, read by a connection of its own.
    func value(_ column: String, of table: String, id: Int64) throws -> SQLValue? {
        let database = try Database(path: fixture.path)
        let rows = try database.fetchAll(SQL("SELECT " + column + " FROM " + table + " WHERE id = ?",
                                             arguments: [SQLValue.integer(id)]))
        return rows.first?.first
    }

    /// Waits until `runner`'s app has noticed another connection's commit (not yet acted on: the
    /// next key's tick takes it). A generous limit only ends a test that would otherwise hang.
    func waitUntilSeen(by runner: HeadlessRunner) throws {
        try waitUntil("the other connection's commit was seen") { runner.app.liveChanges.hasPending }
    }

    /// A runner on `table` that keeps its app between scripts.
    func runner(table: String, rows: Int = 8) throws -> HeadlessRunner {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: table)
        return HeadlessRunner(app: app, columns: 80, rows: rows)
    }

    /// The editor opens prefilled with the cell; the staged value shows in the grid, marked, and
    /// nothing is written until commit.
    func testEditingACellStagesItAndShowsItMarked() throws {
        let screens = try fixture.headless("ljc<dump><C-w>Bo<Enter>", columns: 80, rows: 7, table: "artists")
        XCTAssertEqual(screens[0].last, "name: 漢字テスト")
        assertScreen(screens[1], [
            "Tables (5)        │ │id │name         │country │",
            "album_titles ◇   4│1│  1│Ada          │UK      │",
            "albums           4│2│  2│Bo           │JP      │",
            "artists          3│3│  3│Emoji 😀 band│∅       │",
            "my \"odd\" table   2│",
            "pairs            3│",
            " BROWSE  staged: name = 'Bo' · w commits, u undoes      1 pending  artists  2/3",
        ])
        XCTAssertEqual(try value("name", of: "artists", id: 2), .text("漢字テスト"))
    }

    /// Enter on a NULL cell without typing keeps NULL (the editor starts empty, as it does for
    /// empty text, so leaving it as it was is no change); clearing an INTEGER cell is refused with
    /// the key that sets NULL, and nothing is staged either way.
    func testEnterOnANullCellKeepsNullAndAnEmptyIntegerIsRefused() throws {
        let screens = try fixture.headless("lljjc<Enter><dump>c<C-u><Enter><dump>hhc<C-u><Enter><dump>",
                                           columns: 80, rows: 7, table: "artists")
        XCTAssertTrue(screens[0].last?.hasPrefix(" BROWSE  unchanged ") == true, screens[0].joined(separator: "\n"))
        XCTAssertTrue(screens[1].last?.hasPrefix(" BROWSE  unchanged ") == true, screens[1].joined(separator: "\n"))
        XCTAssertTrue(screens[2].last?.contains("empty is not an integer (x sets NULL)") == true,
                      screens[2].joined(separator: "\n"))
        for screen in screens {
            XCTAssertFalse(screen.last?.contains("pending") == true, screen.joined(separator: "\n"))
        }
        XCTAssertEqual(try value("country", of: "artists", id: 3), .null)
    }

    /// The staged cell is marked edited over the data, and a row staged for deletion is marked deleted.
    func testStagedCellUsesTheEditedStyle() throws {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "artists")
        let runner = HeadlessRunner(app: app, columns: 80, rows: 7)
        _ = runner.run(try KeyScript.parse("lx"))
        let grid = try XCTUnwrap(app.selectedTableGrid)
        let viewport = try grid.viewport(for: grid.lastArea)
        XCTAssertEqual(viewport.edited, [])
        _ = runner.run(try KeyScript.parse("llx"))
        let staged = try grid.viewport(for: grid.lastArea)
        XCTAssertEqual(staged.edited, [CellAddress(row: 0, column: 2)])
        XCTAssertEqual(staged.rows[0][2], .null)
        XCTAssertEqual(staged.deletedRows, [])
        _ = runner.run(try KeyScript.parse("jddy"))
        let deleted = try grid.viewport(for: grid.lastArea)
        XCTAssertEqual(deleted.deletedRows, [1])
        XCTAssertEqual(app.pendingEditCount, 2)
    }

    /// SQLite's refusal (NOT NULL) is shown and nothing is staged; a bad integer is refused before.
    func testRefusedValuesAreNotStaged() throws {
        let notNull = try fixture.screen("lx", columns: 80, rows: 6, table: "artists")
        XCTAssertTrue(notNull.last?.contains(" NOT NULL constraint failed: artists.name ") == true)
        XCTAssertFalse(notNull.joined().contains("pending"))
        let integer = try fixture.screen("li<C-u>abc<Enter>", columns: 80, rows: 6, table: "albums")
        XCTAssertTrue(integer.last?.contains("not an integer: abc") == true, integer.joined(separator: "\n"))
        XCTAssertFalse(integer.joined().contains("pending"))
    }

    /// Views, read-only databases and query results refuse edits with the reason.
    func testReadOnlyPlacesRefuseEdits() throws {
        let view = try fixture.screen("i", columns: 80, rows: 6, table: "album_titles")
        XCTAssertTrue(view.last?.contains("read-only: album_titles is a view") == true, view.joined(separator: "\n"))
        let readOnly = try fixture.screen("lx", columns: 80, rows: 6, table: "artists", readOnly: true)
        XCTAssertTrue(readOnly.last?.contains("read-only: the database is open with --readonly") == true,
                      readOnly.joined(separator: "\n"))
        let results = try fixture.screen("eSELECT * FROM artists<Enter>x", columns: 80, rows: 6)
        XCTAssertTrue(results.last?.contains("read-only: query results cannot be edited") == true,
                      results.joined(separator: "\n"))
    }

    /// A generated column is refused as the edit starts, with the reason; its other columns edit,
    /// and a number typed into a column without a declared type is stored as a number.
    func testGeneratedColumnsRefuseEditsAndUntypedColumnsKeepNumbers() throws {
        let database = try fixture.open()
        try database.executeScript("""
            CREATE TABLE sums (id INTEGER PRIMARY KEY, a, twice INT GENERATED ALWAYS AS (a * 2) VIRTUAL);
            INSERT INTO sums (a) VALUES (1);
            """)
        for keys in ["lli", "llx", "llE"] {
            let screen = try fixture.screen(keys, columns: 80, rows: 6, table: "sums")
            XCTAssertTrue(screen.last?.contains("read-only: twice is a generated column") == true, screen.joined(separator: "\n"))
            XCTAssertFalse(screen.joined().contains("pending"))
        }
        _ = try fixture.screen("li<C-u>21<Enter>w", columns: 80, rows: 6, table: "sums")
        XCTAssertEqual(try database.fetchAll("SELECT typeof(a), twice FROM sums WHERE a = 21"), [[.text("integer"), .integer(42)]])
    }

    /// `u` takes back the last change, again and again.
    func testUndoIsRepeatable() throws {
        let screens = try fixture.headless("llx<Up>x<dump>u<dump>u<dump>u", columns: 80, rows: 6, table: "artists")
        // Both set the same cell: one row to write, pending through the first undo.
        XCTAssertTrue(screens[0].last?.contains("1 pending") == true)
        XCTAssertTrue(screens[1].last?.contains("undone: country = NULL") == true, screens[1].joined(separator: "\n"))
        XCTAssertTrue(screens[1].last?.contains("1 pending") == true)
        XCTAssertFalse(screens[2].last?.contains("pending") == true)
        XCTAssertTrue(screens[2].joined().contains("Ada          │UK"), screens[2].joined(separator: "\n"))
        XCTAssertTrue(screens[3].last?.contains("nothing to undo in artists") == true)
    }

    /// `p` lists the pending changes as SQL with literal arguments, one statement per row.
    func testPendingChangesAsSQL() throws {
        let screen = try fixture.screen("lli<C-u>SE<Enter>hi<C-u>Zed<Enter><Down>ddyp", columns: 80, rows: 8, table: "artists")
        assertScreen(screen, [
            "Pending changes (2 changes)",
            "-- artists: 2 changes",
            "UPDATE \"artists\" SET \"country\" = 'SE', \"name\" = 'Zed' WHERE \"id\" = 1;",
            "DELETE FROM \"artists\" WHERE \"id\" = 2;",
            "",
            "",
            "",
            " PENDING  ? help",
        ])
    }

    /// `w` writes everything in one go; `U` asks, then reverts everything.
    func testCommitWritesAndRevertDrops() throws {
        let committed = try fixture.screen("jj$i<C-u>7.25<Enter>w", columns: 80, rows: 6, table: "albums")
        XCTAssertTrue(committed.last?.contains("committed 1 change") == true, committed.joined(separator: "\n"))
        XCTAssertEqual(try value("price", of: "albums", id: 3), .real(7.25))
        let screens = try fixture.headless("jj$i<C-u>1<Enter>ji<C-u>2<Enter>U<dump>n<dump>U<dump>y", columns: 80, rows: 6,
                                           table: "albums")
        XCTAssertEqual(screens[0].last, "Revert all 2 staged changes? y/n")
        XCTAssertTrue(screens[1].last?.contains("nothing reverted: 2 changes still pending") == true,
                      screens[1].joined(separator: "\n"))
        XCTAssertTrue(screens[3].last?.contains("reverted 2 changes") == true, screens[3].joined(separator: "\n"))
        XCTAssertEqual(try value("price", of: "albums", id: 3), .real(7.25))
        let nothing = try fixture.screen("U", columns: 80, rows: 6, table: "albums")
        XCTAssertTrue(nothing.last?.contains("nothing to revert") == true, nothing.joined(separator: "\n"))
    }

    /// A composite-key WITHOUT ROWID table and a BLOB column can be edited.
    func testCompositeKeysAndBlobs() throws {
        _ = try fixture.screen("llli<C-u>changed<Enter>w", columns: 80, rows: 6, table: "pairs")
        let database = try Database(path: fixture.path)
        let rows = try database.fetchAll("SELECT v FROM pairs WHERE a = 'x' AND b = 1")
        XCTAssertEqual(rows.first?.first, .text("changed"))
        _ = try fixture.screen("llli<C-u>x'0102'<Enter>w", columns: 80, rows: 6, table: "albums")
        XCTAssertEqual(try value("cover", of: "albums", id: 1), .blob(Data([1, 2])))
    }

    /// The staged value stays over fresh data after another connection's commit refreshes the view.
    func testStagedValuesSurviveALiveRefresh() throws {
        let runner = try runner(table: "artists")
        _ = runner.run(try KeyScript.parse("li<C-u>Mine<Enter>"))
        let other = try Database(path: fixture.path)
        try other.execute("UPDATE artists SET country = 'NZ' WHERE id = 1")
        var text = ""
        try waitUntil("the other connection's commit shows") {
            text = (runner.run(try KeyScript.parse("<wait:20>")).last ?? []).joined(separator: "\n")
            return text.contains("NZ")
        }
        XCTAssertTrue(text.contains("Mine         │NZ"), text)
        XCTAssertTrue(text.contains("1 pending"), text)
    }

    /// A locked database keeps the edits for a retry.
    func testLockedDatabaseKeepsTheEdits() throws {
        let runner = try runner(table: "artists")
        _ = runner.run(try KeyScript.parse("lli<C-u>SE<Enter>"))
        let other = try Database(path: fixture.path)
        var screen: [String] = []
        try other.transaction { _ in
            try other.execute("UPDATE artists SET country = 'NO' WHERE id = 3")
            screen = runner.run(try KeyScript.parse("w")).last ?? []
        }
        XCTAssertTrue(screen.last?.contains("artists is locked by another connection: 1 change kept; w to retry") == true,
                      screen.joined(separator: "\n"))
        let retried = runner.run(try KeyScript.parse("w")).last ?? []
        XCTAssertTrue(retried.last?.contains("committed 1 change") == true, retried.joined(separator: "\n"))
        XCTAssertEqual(try value("country", of: "artists", id: 1), .text("SE"))
    }

    /// A row may name a row staged before it in another table: it is checked together with the
    /// staged changes, and the commit checks foreign keys as it ends (albums, written first by
    /// name, name an artist written after them). Parent and child deleted in one batch go too.
    func testStagedRowsMayNameRowsStagedBefore() throws {
        let runner = try runner(table: "artists", rows: 10)
        _ = runner.run(try KeyScript.parse("oi<C-u>9<Enter>li<C-u>Nine<Enter>"))
        let staged = runner.run(try KeyScript.parse("<Tab>k<Enter>oli<C-u>9<Enter>")).last ?? []
        XCTAssertTrue(staged.last?.contains("staged: artist_id = 9 in new row 1") == true, staged.joined(separator: "\n"))
        let committed = runner.run(try KeyScript.parse("w")).last ?? []
        XCTAssertTrue(committed.last?.contains("committed 2 changes") == true, committed.joined(separator: "\n"))
        XCTAssertEqual(try value("name", of: "artists", id: 9), .text("Nine"))
        let database = try Database(path: fixture.path)
        XCTAssertEqual(try database.scalar("SELECT count(*) FROM albums WHERE artist_id = 9"), 1)
    }

    /// While another connection holds the write lock, an edit cannot be tried: it is staged
    /// unchecked (the value typed is kept), a new row is not refused for it, and the commit
    /// once the lock is gone writes both.
    func testEditsWhileTheDatabaseIsLockedAreStagedUnchecked() throws {
        let runner = try runner(table: "artists", rows: 10)
        let other = try Database(path: fixture.path)
        var screens: [[String]] = []
        try other.transaction { _ in
            try other.execute("UPDATE artists SET country = 'NO' WHERE id = 3")
            screens = runner.run(try KeyScript.parse("lli<C-u>SE<Enter><dump>o<dump>"))
        }
        XCTAssertTrue(screens[0].last?.contains("staged unchecked (the database is locked by another connection)") == true,
                      screens[0].joined(separator: "\n"))
        XCTAssertFalse(screens[1].joined().contains("!"), screens[1].joined(separator: "\n"))
        _ = runner.run(try KeyScript.parse("hi<C-u>Neu<Enter>"))
        let committed = runner.run(try KeyScript.parse("w")).last ?? []
        XCTAssertTrue(committed.last?.contains("committed") == true, committed.joined(separator: "\n"))
        XCTAssertEqual(try value("country", of: "artists", id: 1), .text("SE"))
        let database = try Database(path: fixture.path)
        XCTAssertEqual(try database.scalar("SELECT count(*) FROM artists WHERE name = 'Neu'"), 1)
    }

    /// Quitting with pending changes asks (`Q` and Ctrl-C): Esc stays, `r` reverts and quits, `c`
    /// commits and quits.
    func testQuittingWithPendingChangesAsks() throws {
        let asked = try fixture.headless("llxQ<dump><Esc>", columns: 80, rows: 6, table: "artists")
        XCTAssertEqual(asked[0].last, "Pending changes: c commit and quit, r revert and quit, Esc stay?")
        XCTAssertTrue(asked[1].last?.contains("1 change pending: w commits, U reverts") == true,
                      asked[1].joined(separator: "\n"))
        _ = try fixture.screen("llxqr", columns: 80, rows: 6, table: "artists")
        XCTAssertEqual(try value("country", of: "artists", id: 1), .text("UK"))
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "artists")
        try app.waitForWaitedWork()
        XCTAssertEqual(app.handle(.character("Q")), .quit)
        XCTAssertEqual(app.handle(.control("c")), .quit, "Ctrl-C quits at once when nothing is pending")
        let interrupted = try fixture.headless("lli<C-u>Z<Enter>e<C-c><dump><C-c><dump><Esc>", columns: 80, rows: 6,
                                               table: "artists")
        XCTAssertEqual(interrupted[0].last, "Pending changes: c commit and quit, r revert and quit, Esc stay?",
                       "Ctrl-C closes the SQL prompt and asks")
        XCTAssertEqual(interrupted[1].last, "(answer c, r or Esc) Pending changes: c commit and quit, r revert and quit, Esc",
                       "a second Ctrl-C keeps asking, and says which keys answer")
        XCTAssertTrue(interrupted[2].last?.contains("1 change pending") == true, interrupted[2].joined(separator: "\n"))
        _ = try fixture.screen("llxQc", columns: 80, rows: 6, table: "artists")
        XCTAssertEqual(try value("country", of: "artists", id: 1), .null)
    }
}
