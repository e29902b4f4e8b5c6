import Foundation
import ORMCore
import XCTest

@testable import Browser
import TestSupport

/// The view follows committed changes: reef's own statements and other connections' commits.
final class LiveRefreshTests: XCTestCase {
    private var fixture: BrowserFixture!

    override func setUpWithError() throws {
        fixture = try BrowserFixture()
    }

    override func tearDown() {
        fixture.remove()
    }

    /// An UPDATE typed at the SQL prompt shows in the table behind it, and the cursor stays on its row.
    func testOwnStatementsRefreshTheTable() throws {
        let screen = try fixture.screen(
            "jj" + "eUPDATE artists SET country = 'ZZ' WHERE id = 3<Enter>q",
            columns: 80, rows: 8, table: "artists")
        let text = screen.joined(separator: "\n")
        XCTAssertTrue(text.contains("Emoji 😀 band│ZZ"), text)
        XCTAssertTrue(text.contains("artists  3/3  id"), text)
    }

    /// Another connection's commit reaches the app on its next tick, which reloads the shown table.
    func testAnotherConnectionsCommitIsPickedUpOnATick() throws {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "artists")
        let runner = HeadlessRunner(app: app, columns: 80, rows: 8)
        _ = runner.run(try KeyScript.parse("j"))
        let other = try Database(path: fixture.path)
        try other.execute("INSERT INTO artists VALUES (9, 'Late arrival', 'IS')")
        let text = try screen(of: runner, containing: "Late arrival")
        XCTAssertTrue(text.contains("Late arrival"), text)
        XCTAssertTrue(text.contains("artists  2/4  id"), "the cursor stays on its row and the count follows: \(text)")
        XCTAssertTrue(text.contains("changed by another process"), text)
    }

    /// A refresh after another process's commit comes after the user's last key said something:
    /// that message stays until the next key (the grid still shows the new value).
    func testARefreshKeepsTheMessageOfTheLastKey() throws {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "artists")
        let runner = HeadlessRunner(app: app, columns: 80, rows: 8)
        _ = runner.run(try KeyScript.parse("y"))
        try Database(path: fixture.path).execute("UPDATE artists SET name = 'Renamed elsewhere' WHERE id = 2")
        let text = try screen(of: runner, containing: "Renamed elsewhere")
        XCTAssertTrue(text.contains("Renamed elsewhere"), text)
        XCTAssertTrue(text.contains("BROWSE  copied id: 1"), text)
        XCTAssertFalse(text.contains("another process"), text)
    }

    /// A grid hidden under another screen (the help here) is refreshed without a word: its notice
    /// would come whenever the read ends, over the screen the user looks at.
    func testARefreshUnderAnotherScreenSaysNothing() throws {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "artists")
        let runner = HeadlessRunner(app: app, columns: 80, rows: 8)
        _ = runner.run(try KeyScript.parse("?"))
        try Database(path: fixture.path).execute("UPDATE artists SET name = 'Renamed elsewhere' WHERE id = 2")
        var screen: [String] = []
        try play(runner) { lines in
            screen = lines
            guard let grid = app.selectedTableGrid, case .stored(let row)? = try? grid.row(at: 1) else {
                return false
            }
            return row.values.contains { $0.plainText == "Renamed elsewhere" }
        }
        XCTAssertTrue(app.state.top.isPage(.help))
        XCTAssertTrue(screen.last?.contains("HELP") == true, screen.joined(separator: "\n"))
        XCTAssertFalse(screen.joined(separator: "\n").contains("another process"), screen.joined(separator: "\n"))
    }

    /// Reef's own commit, picked up together with another process's earlier one, is not reported
    /// as the other process's: the commit's message stays.
    func testOwnCommitIsNotReportedAsAnotherProcesss() throws {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "artists")
        let runner = HeadlessRunner(app: app, columns: 80, rows: 8)
        _ = runner.run(try KeyScript.parse("li<C-u>Mine<Enter>"))
        try Database(path: fixture.path).execute("UPDATE artists SET country = 'NO' WHERE id = 2")
        try waitUntil("the commit is seen") { app.liveChanges.hasPending }  // seen, not yet taken: the commit's tick takes both
        let text = runner.run(try KeyScript.parse("w")).last?.joined(separator: "\n") ?? ""
        XCTAssertTrue(text.contains("BROWSE  committed 1 change"), text)
        XCTAssertTrue(text.contains("Mine") && text.contains("│NO"), text)
    }

    /// After committed changes the rows on screen are read again by key first: the grid shows them
    /// over its old source (a row gone is left as it was) until the whole table has been read
    /// again, and keeps them over a source read before them.
    func testTheRowsOnScreenAreReadAgainByKeyFirst() throws {
        let database = try fixture.open()
        let source = try TableSource(table: database.table("artists"))
        let grid = GridModel(source: source)
        _ = try grid.viewport(for: Rect(x: 0, y: 0, width: 60, height: 6))
        let keys = grid.keysOnScreen()
        XCTAssertEqual(keys.map(\.values), [[.integer(1)], [.integer(2)], [.integer(3)]])
        let other = try Database(path: fixture.path)
        try other.execute("UPDATE artists SET name = 'Read by key' WHERE id = 2")
        try other.execute("DELETE FROM artists WHERE id = 3")
        let fresh = try source.rows(withKeys: keys)
        XCTAssertEqual(fresh.count, 2, "the deleted row is left out")
        grid.showFresh(fresh)
        XCTAssertEqual(try grid.shownValues(at: 1), [.integer(2), .text("Read by key"), .text("JP")])
        XCTAssertEqual(try grid.shownValues(at: 2)?[1], .text("Emoji 😀 band"), "a row gone stays until the table is read again")
        XCTAssertTrue(try grid.viewport(for: Rect(x: 0, y: 0, width: 60, height: 6)).rows.contains {
            $0.contains(.text("Read by key"))
        })

        // A source read before newer rows were read by key does not hide them; one read after does.
        try other.execute("UPDATE artists SET name = 'Newer' WHERE id = 1")
        grid.showFresh(try source.rows(withKeys: [RowKey(values: [.integer(1)])]))
        try grid.adopt(source, keepingFreshRows: true)
        XCTAssertEqual(try grid.shownValues(at: 0)?[1], .text("Newer"))
        try grid.adopt(try source.refreshed())
        XCTAssertEqual(try grid.shownValues(at: 0)?[1], .text("Newer"))
        XCTAssertEqual(try grid.shownValues(at: 1)?[1], .text("Read by key"))
        XCTAssertEqual(try grid.source.count(), 2)
        XCTAssertTrue(grid.freshRows.isEmpty)
    }

    /// Plays `<wait:20>` on `runner` until its screen contains `text`.
    private func screen(of runner: HeadlessRunner, containing text: String) throws -> String {
        var screen = ""
        try play(runner) {
            screen = $0.joined(separator: "\n")
            return screen.contains(text)
        }
        return screen
    }

    /// Plays `<wait:20>` on `runner` until `done` says so of its screen (`waitUntil`'s limit only
    /// ends a test that would otherwise hang).
    private func play(_ runner: HeadlessRunner, until done: ([String]) -> Bool) throws {
        let wait = try KeyScript.parse("<wait:20>")
        try waitUntil("the live refresh came", between: {}) { done(runner.run(wait).last ?? []) }
    }

    /// A table opened earlier and changed by another process while another table was shown is
    /// read again when it is shown.
    func testAGridOutOfSightCatchesUpWhenShownAgain() throws {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "artists")
        let runner = HeadlessRunner(app: app, columns: 80, rows: 8)
        _ = runner.run(try KeyScript.parse("<Tab>k<Tab>"))  // albums, opened
        XCTAssertEqual(app.selectedTableName, "albums")
        _ = runner.run(try KeyScript.parse("<Tab>j<Tab>"))  // back to artists
        try Database(path: fixture.path).execute("UPDATE albums SET title = 'Renamed meanwhile' WHERE id = 1")
        try play(runner) { _ in app.tables.stale.contains("albums") }
        XCTAssertTrue(app.tables.stale.contains("albums"), "the change was seen: \(app.tables.stale)")
        let shown = runner.run(try KeyScript.parse("<Tab>k<Tab>")).last?.joined(separator: "\n") ?? ""
        XCTAssertTrue(shown.contains("Renamed meanwhile"), shown)
        XCTAssertFalse(app.tables.stale.contains("albums"))
    }

    /// Another process dropping a table listed above the shown one does not switch tables: the
    /// selection follows the name.
    func testATableDroppedAboveKeepsTheShownTableSelected() throws {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "pairs")
        let runner = HeadlessRunner(app: app, columns: 80, rows: 8)
        _ = runner.run(try KeyScript.parse("j"))
        let other = try Database(path: fixture.path)
        try other.execute("DROP VIEW album_titles")
        try play(runner) { _ in app.catalog.names.count == 4 }
        XCTAssertEqual(app.catalog.names.count, 4, "the drop was seen")
        XCTAssertEqual(app.selectedTableName, "pairs")
        XCTAssertEqual(app.selectedTableGrid?.cursorRow, 1)
    }

    /// A view on screen follows another process's change to a table it reads.
    func testAViewFollowsItsTables() throws {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "album_titles")
        let runner = HeadlessRunner(app: app, columns: 80, rows: 8)
        _ = runner.run(try KeyScript.parse("j"))
        try Database(path: fixture.path).execute("UPDATE artists SET name = 'Ada Renamed' WHERE id = 1")
        let text = try screen(of: runner, containing: "Ada Renamed")
        XCTAssertTrue(text.contains("Ada Renamed"), text)
    }
}
