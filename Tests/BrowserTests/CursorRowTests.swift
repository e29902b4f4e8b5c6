import Foundation
import ORMCore
import XCTest
@testable import Browser
import TestSupport

/// The cursor stays on its row: through another process's deletion (to the nearest row still
/// there), through a commit (a new row included), and when a filter is cleared or a sort turned off.
final class CursorRowTests: XCTestCase {
    private var fixture: BrowserFixture!

    override func setUpWithError() throws {
        fixture = try BrowserFixture()
    }

    override func tearDown() {
        fixture.remove()
    }

    /// An app on albums and its runner.
    private func start(_ keys: String) throws -> (App, HeadlessRunner) {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "albums")
        let runner = HeadlessRunner(app: app, columns: 80, rows: 10)
        runner.run(try KeyScript.parse(keys))
        return (app, runner)
    }

    /// The key of the row under the cursor of the albums grid.
    private func cursorKey(_ app: App) throws -> SQLValue? {
        let grid = try XCTUnwrap(app.tables.grids["albums"])
        guard case .stored(let row)? = try grid.row(at: grid.cursorRow) else {
            return nil
        }
        return row.key?.values.first
    }

    /// Ticks `runner` until `done` holds (the live refresh runs in the background).
    private func waitForTheLiveRefresh(of runner: HeadlessRunner, until done: () throws -> Bool) throws {
        let wait = try KeyScript.parse("<wait:10>")
        try waitUntil("the live refresh is done", between: { _ = runner.run(wait) }, done)
    }

    /// Issue #25: another process deleting the cursor's row (and the one before it) moved the
    /// cursor to the same index, album 4. It goes to the nearest row still there: album 3.
    func testADeletedRowTakesTheCursorToTheNearestSurvivor() throws {
        let (app, runner) = try start("j")
        XCTAssertEqual(try cursorKey(app), .integer(2))
        try Database(path: fixture.path).execute("DELETE FROM albums WHERE id IN (1, 2)")
        try waitForTheLiveRefresh(of: runner) { app.tables.grids["albums"]?.source.knownCount == 2 }
        XCTAssertEqual(try cursorKey(app), .integer(3))
        XCTAssertEqual(app.tables.grids["albums"]?.cursorRow, 0)
    }

    /// With the rows after it gone too, the nearest row before it.
    func testTheNearestSurvivorMayBeBefore() throws {
        let (app, runner) = try start("jj")
        try Database(path: fixture.path).execute("DELETE FROM albums WHERE id >= 3")
        try waitForTheLiveRefresh(of: runner) { app.tables.grids["albums"]?.source.knownCount == 2 }
        XCTAssertEqual(try cursorKey(app), .integer(2))
    }

    /// Issue #25: a commit with the cursor on a new row left it at the row's old index, another
    /// row in a sorted view. It stays on the row, now written (album 5, third by title).
    func testACommitKeepsTheCursorOnANewRow() throws {
        let (app, runner) = try start("llso")
        runner.run(try KeyScript.parse("i<C-u>A<Enter>w"))
        XCTAssertEqual(app.pendingEditCount, 0)
        XCTAssertEqual(try cursorKey(app), .integer(5))
        XCTAssertEqual(runner.run([]).last?.last?.contains("albums  3/5  title"), true)
    }

    /// A commit keeps the cursor on an edited row that the sort moves (by key, as before).
    func testACommitKeepsTheCursorOnAnEditedRowThatMoves() throws {
        let (app, runner) = try start("llsggj")
        XCTAssertEqual(try cursorKey(app), .integer(2))
        runner.run(try KeyScript.parse("i<C-u>zzz<Enter>w"))
        XCTAssertEqual(try cursorKey(app), .integer(2))
        XCTAssertEqual(app.tables.grids["albums"]?.cursorRow, 2, "after First, before 東京")
    }

    /// Issue #25: clearing a filter or turning a sort off sent the cursor to the first row.
    func testClearingTheFilterOrTheSortKeepsTheRow() throws {
        let (app, runner) = try start("fid > 1<Enter>j")
        XCTAssertEqual(try cursorKey(app), .integer(3))
        runner.run(try KeyScript.parse("f<C-u><Enter>"))
        XCTAssertNil(app.tables.grids["albums"]?.source.filter)
        XCTAssertEqual(try cursorKey(app), .integer(3))
        runner.run(try KeyScript.parse("llssG"))
        XCTAssertEqual(try cursorKey(app), .integer(4), "title descending: NULL last")
        runner.run(try KeyScript.parse("s"))
        XCTAssertNil(app.tables.grids["albums"]?.source.sort)
        XCTAssertEqual(try cursorKey(app), .integer(4))
        XCTAssertEqual(app.tables.grids["albums"]?.cursorRow, 3)
    }
}
