import Foundation
import ORMCore
import XCTest
@testable import Browser
import TestSupport

/// Inserting rows headless (`o`): a new row shows SQLite's defaults and next key after the table's
/// rows, its cells edit the staged insert, undo takes it back, a row SQLite refuses as it is is
/// staged marked `!` and holds the commit back until it is fixed.
final class InsertRowTests: XCTestCase {
    /// The fixture database with a table of defaults, new for each test.
    private var fixture: BrowserFixture!

    /// Builds the fixture and adds `tasks`, whose columns all have defaults.
    override func setUpWithError() throws {
        fixture = try BrowserFixture()
        try Database(path: fixture.path).executeScript("""
            CREATE TABLE tasks (id INTEGER PRIMARY KEY, title TEXT NOT NULL DEFAULT 'untitled',
                                done INTEGER NOT NULL DEFAULT 0, due TEXT DEFAULT (date('2025-01-01', '+7 days')));
            INSERT INTO tasks (title, done) VALUES ('Plan', 1), ('Build', 0);
            """)
    }

    /// Removes the fixture.
    override func tearDown() {
        fixture.remove()
    }

    /// Every row of `table` in rowid (or key) order, read by a connection of its own.
    private func rows(_ table: String) throws -> [[SQLValue]] {
        try Database(path: fixture.path).fetchAll(SQL(stringLiteral: "SELECT * FROM \(quoteIdentifier(table))"))
    }

    /// `o` shows the new row after the last one with the defaults and the key SQLite would
    /// choose, marked `+`; nothing is written.
    func testNewRowShowsTheDefaultsAndTheNextKeyAfterTheLastRow() throws {
        let screen = try fixture.screen("o", columns: 80, rows: 8, table: "tasks")
        assertScreen(screen, [
            "Tables (6)        │  │id │title   │done │due       │",
            "album_titles ◇   4│ 1│  1│Plan    │    1│2025-01-08│",
            "albums           4│ 2│  2│Build   │    0│2025-01-08│",
            "artists          3│+3│  3│untitled│    0│2025-01-08│",
            "my \"odd\" table   2│",
            "pairs            3│",
            "tasks            2│",
            " BROWSE  staged: new row 1 · w commits, u undoes      1 pending  tasks  3/3  id",
        ])
        XCTAssertEqual(try rows("tasks").count, 2)
    }

    /// Editing a new row's cell changes the staged insert (no UPDATE of a row that does not
    /// exist); a second new row shows the key after the first one's; the commit writes both,
    /// SQLite filling in what they leave out.
    func testEditingANewRowChangesItsInsert() throws {
        let screens = try fixture.headless("oli<C-u>Ship<Enter>o<dump>p<dump>qw", columns: 80, rows: 8, table: "tasks")
        XCTAssertEqual(Array(screens[0][3...4]), [
            "artists          3│+3│  3│Ship    │    0│2025-01-08│",
            "my \"odd\" table   2│+4│  4│untitled│    0│2025-01-08│",
        ])
        assertScreen(screens[1], [
            "Pending changes (2 changes)",
            "-- tasks: 2 changes",
            "INSERT INTO \"tasks\" (\"title\") VALUES ('Ship');",
            "INSERT INTO \"tasks\" DEFAULT VALUES;",
            "",
            "",
            "",
            " PENDING  ? help",
        ])
        XCTAssertTrue(screens[2].last?.contains("committed 2 changes") == true, screens[2].joined(separator: "\n"))
        XCTAssertEqual(try rows("tasks"), [
            [1, "Plan", 1, "2025-01-08"], [2, "Build", 0, "2025-01-08"],
            [3, "Ship", 0, "2025-01-08"], [4, "untitled", 0, "2025-01-08"],
        ])
    }

    /// `u` takes back the cell edit of a new row, then the new row itself.
    func testUndoTakesBackTheEditThenTheRow() throws {
        let screens = try fixture.headless("oli<C-u>Ship<Enter>u<dump>u", columns: 80, rows: 8, table: "tasks")
        XCTAssertEqual(screens[0][3], "artists          3│+3│  3│untitled│    0│2025-01-08│")
        XCTAssertTrue(screens[0].last?.contains("undone: title = 'Ship'") == true, screens[0].joined(separator: "\n"))
        assertScreen(screens[1], [
            "Tables (6)        │ │id │title │done │due       │",
            "album_titles ◇   4│1│  1│Plan  │    1│2025-01-08│",
            "albums           4│2│  2│Build │    0│2025-01-08│",
            "artists          3│",
            "my \"odd\" table   2│",
            "pairs            3│",
            "tasks            2│",
            " BROWSE  undone: new row 1                                    tasks  2/2  title",
        ])
    }

    /// A new row SQLite refuses as it is (a NOT NULL column without a default) is staged marked
    /// `!` with SQLite's message; the commit writes nothing until it is filled in.
    func testARefusedNewRowIsStagedMarkedAndHoldsTheCommitBack() throws {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "artists")
        let runner = HeadlessRunner(app: app, columns: 100, rows: 7)
        let screens = runner.run(try KeyScript.parse("o<dump>w"))
        XCTAssertEqual(screens[0][4], "my \"odd\" table   2│!4│  4│∅            │∅       │")
        XCTAssertEqual(screens[0].last,
                       " BROWSE  new row 1 staged, but NOT NULL constraint failed: artists.name · fill it in before w   4/4")
        XCTAssertEqual(screens[1].last,
                       " BROWSE  nothing written: new row 1 of artists: NOT NULL constraint failed: artists.name · fix it o…")
        XCTAssertEqual(try rows("artists").count, 3)
        let fixed = runner.run(try KeyScript.parse("li<C-u>Newcomer<Enter><dump>w"))
        XCTAssertEqual(fixed[0][4], "my \"odd\" table   2│+4│  4│Newcomer     │∅       │")
        XCTAssertTrue(fixed[1].last?.contains("committed 1 change") == true, fixed[1].joined(separator: "\n"))
        XCTAssertEqual(try rows("artists").last, [4, "Newcomer", .null])
    }

    /// An edit that would make an accepted new row refused is itself refused, like a cell edit
    /// of a stored row; the row keeps its value.
    func testAnEditSQLiteRefusesIsNotStagedOnAGoodNewRow() throws {
        let screen = try fixture.screen("olx", columns: 80, rows: 8, table: "tasks")
        XCTAssertEqual(screen[3], "artists          3│+3│  3│untitled│    0│2025-01-08│")
        XCTAssertTrue(screen.last?.contains("NOT NULL constraint failed: tasks.title") == true, screen.joined(separator: "\n"))
        XCTAssertTrue(screen.last?.contains("1 pending") == true, screen.joined(separator: "\n"))
    }

    /// `dd` on a new row drops it: nothing is written for it.
    func testDeletingANewRowDropsIt() throws {
        let screens = try fixture.headless("odd<dump>y<dump>w", columns: 80, rows: 8, table: "tasks")
        XCTAssertEqual(screens[0].last, "Delete 1 row? y/n")
        XCTAssertEqual(screens[1][3], "artists          3│", "the new row is gone")
        XCTAssertEqual(try rows("tasks").count, 2)
    }

    /// A WITHOUT ROWID table: the new row must be given its key, then commits.
    func testANewRowOfAWithoutRowIDTableTakesItsKey() throws {
        let screens = try fixture.headless("o<dump>i<C-u>q<Enter>li<C-u>7<Enter>w", columns: 100, rows: 8, table: "pairs")
        XCTAssertEqual(screens[0][4], "my \"odd\" table   2│!4│∅  │  ∅│∅  │")
        XCTAssertTrue(screens[0].last?.contains("NOT NULL constraint failed: pairs.a") == true, screens[0].joined(separator: "\n"))
        XCTAssertTrue(screens[1].last?.contains("committed 1 change") == true, screens[1].joined(separator: "\n"))
        XCTAssertEqual(try rows("pairs").last, ["y", 1, "y1"])
        XCTAssertTrue(try rows("pairs").contains(["q", 7, .null]))
    }

    /// Plays `<wait:20>` on `runner` until its screen contains `text`, for the live refresh to pick
    /// up another connection's commit.
    private func refreshedScreen(of runner: HeadlessRunner, containing text: String) throws -> [String] {
        var screen: [String] = []
        try waitUntil("the screen shows \(text)") {
            screen = runner.run(try KeyScript.parse("<wait:20>")).last ?? []
            return screen.joined(separator: "\n").contains(text)
        }
        return screen
    }

    /// Another process's commit refreshes the view: new rows stay after the table's rows, the
    /// cursor stays on its new row, and SQLite tries them again (the key it would choose now, or
    /// a refusal when their key was taken meanwhile).
    func testNewRowsFollowALiveRefresh() throws {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "tasks")
        let runner = HeadlessRunner(app: app, columns: 80, rows: 8)
        _ = runner.run(try KeyScript.parse("o"))
        try Database(path: fixture.path).execute("INSERT INTO tasks (title) VALUES ('Other')")
        let screen = try refreshedScreen(of: runner, containing: "Other")
        XCTAssertEqual(Array(screen[3...4]), [
            "artists          3│ 3│  3│Other   │    0│2025-01-08│",
            "my \"odd\" table   2│+4│  4│untitled│    0│2025-01-08│",
        ])
        XCTAssertTrue(screen.last?.contains("4/4") == true, screen.joined(separator: "\n"))

        let pairs = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "pairs")
        let pairsRunner = HeadlessRunner(app: pairs, columns: 100, rows: 8)
        _ = pairsRunner.run(try KeyScript.parse("Dli<C-u>3<Enter>"))
        try Database(path: fixture.path).execute("INSERT INTO pairs VALUES ('x', 3, 'theirs')")
        let refused = try refreshedScreen(of: pairsRunner, containing: "theirs")
        XCTAssertEqual(refused[5], "pairs            4│!5│x  │  3│x1    │", refused.joined(separator: "\n"))
    }

    /// The record view and a yank show a new row as the grid does.
    func testRecordViewAndYankShowTheNewRow() throws {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "tasks")
        let runner = HeadlessRunner(app: app, columns: 60, rows: 7)
        let record = runner.run(try KeyScript.parse("oY<Enter>")).last ?? []
        XCTAssertEqual(Array(record.prefix(5)), [
            "Record 3 of 3 · tasks",
            "id    │ 3",
            "title │ untitled",
            "done  │ 0",
            "due   │ 2025-01-08",
        ])
        XCTAssertEqual(runner.backend.clipboard, ["3\tuntitled\t0\t2025-01-08"])
    }
}
