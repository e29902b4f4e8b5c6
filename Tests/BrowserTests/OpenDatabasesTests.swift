import Foundation
import ORMCore
import XCTest

@testable import Browser
import TestSupport

/// Several databases in one session (`reef a.db b.db`): `gt` and `gT` switch, each keeps its own
/// screens, cursor, filter and staged edits, quitting asks about any database's pending changes,
/// `q` closes one, and a database in the background keeps following other connections' commits.
final class OpenDatabasesTests: XCTestCase {
    private var first: BrowserFixture!
    private var second: BrowserFixture!

    override func setUpWithError() throws {
        first = try BrowserFixture()
        second = try BrowserFixture()
        // The second is told apart by a table of its own, listed first.
        try Database(path: second.path).execute("CREATE TABLE aardvarks (id INTEGER PRIMARY KEY, name TEXT)")
        try Database(path: second.path).execute("INSERT INTO aardvarks VALUES (1, 'Arthur'), (2, 'Bea')")
    }

    override func tearDown() {
        first.remove()
        second.remove()
    }

    /// The two fixtures open together, `first.db` shown on `artists`, `second.db` on its first table.
    private func databases() throws -> OpenDatabases {
        let wakeup = Wakeup()
        let one = try App(database: try first.open(), theme: .builtinDefault, initialTable: "artists", wakeup: wakeup)
        let two = try App(database: try second.open(), theme: .builtinDefault, wakeup: wakeup)
        return OpenDatabases(OpenDatabases.Entry(app: one, name: "first.db"), [OpenDatabases.Entry(app: two, name: "second.db")])
    }

    /// The final screen of `keys` played on `databases`.
    private func screen(_ databases: OpenDatabases, _ keys: String, columns: Int = 70, rows: Int = 8) throws -> [String] {
        HeadlessRunner(databases: databases, columns: columns, rows: rows).run(try KeyScript.parse(keys)).last ?? []
    }

    func testGtShowsTheNextDatabaseAndTheTopRowSaysWhich() throws {
        let databases = try databases()
        let shown = try screen(databases, "")
        XCTAssertEqual(shown[0], "[1/2] first.db")
        XCTAssertTrue(shown[1].hasPrefix("Tables (5)"), shown[1])
        let next = try screen(databases, "gt")
        XCTAssertEqual(next[0], "[2/2] second.db")
        XCTAssertTrue(next[1].hasPrefix("▸ Tables (6)"), next[1])
        XCTAssertTrue(next[2].hasPrefix("aardvarks"), next[2])
        XCTAssertEqual(try screen(databases, "gT")[0], "[1/2] first.db")
        XCTAssertEqual(try screen(databases, "gT")[0], "[2/2] second.db", "gT wraps around")
        XCTAssertEqual(try screen(databases, "gt")[0], "[1/2] first.db", "gt wraps around")
    }

    func testEachDatabaseKeepsItsCursorFilterAndStagedEdits() throws {
        let databases = try databases()
        _ = try screen(databases, "jjl" + "fcountry IS NULL<Enter>")
        _ = try screen(databases, "gt<Tab>j" + "lx")  // second: aardvarks, row 2's name set to NULL (staged)
        let back = try screen(databases, "gT")
        let status = back.last ?? ""
        XCTAssertTrue(status.contains("artists  1/1  name"), "first keeps its filter and column: \(status)")
        XCTAssertTrue(back.joined().contains("Emoji 😀 band"), back.joined(separator: "\n"))
        let one = databases.entries[0].app, two = databases.entries[1].app
        XCTAssertEqual(one.selectedTableGrid?.source.filter, "country IS NULL")
        XCTAssertEqual(one.editing.pendingEditCount, 0)
        XCTAssertEqual(two.editing.pendingEditCount, 1, "the edit staged in the second stays there")
        XCTAssertEqual(two.selectedTableGrid?.cursorRow, 1)
        let again = try screen(databases, "gt")
        XCTAssertTrue(again.last?.contains("aardvarks  2/2  name") ?? false, again.last ?? "")
    }

    func testQuittingAsksAboutTheChangesPendingInTheDatabaseBehind() throws {
        let databases = try databases()
        _ = try screen(databases, "llx")  // first: artists row 1's country set to NULL (staged)
        let runner = HeadlessRunner(databases: databases, columns: 90, rows: 8)
        let asked = runner.play(try KeyScript.parse("gtQ"))
        XCTAssertFalse(asked.quit, "reef asks before quitting")
        let lines = asked.screens.last ?? []
        XCTAssertEqual(lines[0], "[1/2] first.db", "the database with the changes is shown")
        XCTAssertEqual(lines.last, "Pending changes in first.db: c commit and quit, r revert and quit, Esc stay?")
        let stayed = runner.play(try KeyScript.parse("<Esc>"))
        XCTAssertFalse(stayed.quit)
        XCTAssertEqual(databases.entries[0].app.editing.pendingEditCount, 1)
        XCTAssertTrue(runner.play(try KeyScript.parse("Qr")).quit, "reverted, reef quits")
        XCTAssertEqual(try Database(path: first.path).scalar("SELECT country FROM artists WHERE id = 1"), .text("UK"),
                       "nothing was written")
    }

    func testQClosesTheDatabaseShownAndQuitsOnTheLast() throws {
        let databases = try databases()
        let closed = try screen(databases, "gtq")
        XCTAssertEqual(databases.entries.count, 1)
        XCTAssertTrue(databases.current === databases.entries[0].app)
        XCTAssertTrue(closed[0].hasPrefix("Tables (5)"), "one database left: no row naming it: \(closed[0])")
        XCTAssertTrue(closed.last?.contains("closed second.db") ?? false, closed.last ?? "")
        let runner = HeadlessRunner(databases: databases, columns: 70, rows: 8)
        XCTAssertTrue(runner.play(try KeyScript.parse("q")).quit, "q on the last one quits")
    }

    func testQAsksBeforeClosingADatabaseWithPendingChanges() throws {
        let databases = try databases()
        let runner = HeadlessRunner(databases: databases, columns: 90, rows: 8)
        let asked = runner.play(try KeyScript.parse("gt<Tab>lx<Tab>q")).screens.last ?? []
        XCTAssertEqual(asked.last, "Pending changes in second.db: c commit and close, r revert and close, Esc stay?")
        let committed = runner.play(try KeyScript.parse("c"))
        XCTAssertFalse(committed.quit, "only second.db closed")
        XCTAssertEqual(databases.entries.map(\.name), ["first.db"])
        XCTAssertEqual(try Database(path: second.path).scalar("SELECT count(*) FROM aardvarks WHERE name IS NULL"), .integer(1))
    }

    func testTheDatabaseBehindFollowsAnotherConnectionsCommit() throws {
        let databases = try databases()
        let runner = HeadlessRunner(databases: databases, columns: 70, rows: 8)
        _ = runner.run(try KeyScript.parse("gt"))
        try Database(path: first.path).execute("UPDATE artists SET name = 'Renamed elsewhere' WHERE id = 1")
        let behind = databases.entries[0].app
        try waitUntil("the database behind read the change") {
            _ = databases.tick()
            return behind.state.message?.text.contains("changed by another process") ?? false
        }
        let lines = runner.run(try KeyScript.parse("gT")).last ?? []
        XCTAssertTrue(lines.joined(separator: "\n").contains("Renamed elsewhere"), lines.joined(separator: "\n"))
    }

    func testOneDatabaseOpenSaysGtHasNothingToShow() throws {
        let app = try App(database: try first.open(), theme: .builtinDefault, initialTable: "artists")
        let lines = HeadlessRunner(app: app, columns: 70, rows: 6).run(try KeyScript.parse("gt")).last ?? []
        XCTAssertTrue(lines[0].hasPrefix("Tables (5)"), lines[0])
        XCTAssertTrue(lines.last?.contains("one database is open: reef A B … opens several") ?? false, lines.last ?? "")
    }
}
