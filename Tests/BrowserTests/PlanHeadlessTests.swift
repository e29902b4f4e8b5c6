import ORMCore
import XCTest
@testable import Browser

/// The plan screen on SQLite, played headless on the fixture: `Ctrl-P` at the SQL prompt shows
/// the plan of the statement under the cursor, `q` goes back to the editor as it was, a
/// statement SQLite rejects stays in the editor marked, and a write's plan writes nothing.
final class PlanHeadlessTests: XCTestCase {
    private var fixture: BrowserFixture!

    override func setUpWithError() throws {
        fixture = try BrowserFixture()
    }

    override func tearDown() {
        fixture.remove()
    }

    /// A runner on the fixture, no table open.
    private func runner(columns: Int = 70, rows: Int = 10) throws -> HeadlessRunner {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: nil)
        return HeadlessRunner(app: app, columns: columns, rows: rows)
    }

    /// The statement under the cursor, the second of the editor's, shown as SQLite's tree; `q`
    /// goes back to the editor with its text and cursor as they were.
    func testThePlanOfTheStatementUnderTheCursor() throws {
        let runner = try runner()
        let keys = "eSELECT 1;<C-j>SELECT ar.name, count(*) FROM albums al<C-j>JOIN artists ar ON ar.id = al.artist_id<C-j>"
            + "WHERE ar.id IN (SELECT id FROM artists WHERE country = 'UK')<C-j>GROUP BY ar.name<Up><C-p>"
        let screen = runner.run(try KeyScript.parse(keys)).last ?? []
        assertScreen(screen, [
            "Plan of SELECT ar.name, count(*) FROM albums al JOIN artists ar ON ar…",
            "SQLite's plan: what each step reads, without costs or timings (SQLite…",
            "  step",
            "  QUERY PLAN",
            "  ├─ SEARCH ar USING INTEGER PRIMARY KEY (rowid=?)",
            "  ├─ LIST SUBQUERY 1",
            "  │  └─ SCAN artists",
            "  ├─ SEARCH al USING COVERING INDEX albums_artist (artist_id=?)",
            "  └─ USE TEMP B-TREE FOR GROUP BY",
            " PLAN  ? help",
        ])
        XCTAssertNil(runner.app.prompt.current, "the plan has a screen of its own")
        let analyzed = runner.run(try KeyScript.parse("<C-p>")).last ?? []
        XCTAssertEqual(analyzed.last, " PLAN  SQLite has no EXPLAIN ANALYZE: its plan is all it tells")
        _ = runner.run(try KeyScript.parse("q"))
        let editor = try XCTUnwrap(runner.app.prompt.current)
        XCTAssertEqual(editor.text, "SELECT 1;\nSELECT ar.name, count(*) FROM albums al\nJOIN artists ar ON ar.id = al.artist_id\n"
                       + "WHERE ar.id IN (SELECT id FROM artists WHERE country = 'UK')\nGROUP BY ar.name")
        XCTAssertEqual(editor.cursor, 106, "on the line above the last, as it was")
        XCTAssertFalse(runner.app.state.screens.contains { $0.mode == .plan }, "the plan screen closed")
    }

    /// A statement SQLite rejects stays in the editor, the error said above it and its place marked.
    func testARejectedStatementStaysInTheEditor() throws {
        let runner = try runner()
        let screen = runner.run(try KeyScript.parse("eSELECT 1;<C-j>SELECT nosuch FROM artists<C-p>")).last ?? []
        XCTAssertEqual(Array(screen.suffix(3)), [
            "✗ line 2, column 8: no such column: nosuch",
            "SQL> SELECT 1;",
            "  -> SELECT nosuch FROM artists",
        ])
        XCTAssertEqual(runner.app.prompt.current?.cursor, 17, "on the n of nosuch")
    }

    /// The plan of a write only explains it, the cascade to the albums too: nothing is deleted.
    func testTheTreeOfAWriteWritesNothing() throws {
        let runner = try runner()
        let screen = runner.run(try KeyScript.parse("eDELETE FROM artists WHERE id = 2<C-p>")).last ?? []
        XCTAssertEqual(Array(screen[3...5]), [
            "  QUERY PLAN",
            "  ├─ SEARCH artists USING INTEGER PRIMARY KEY (rowid=?)",
            "  └─ SEARCH albums USING COVERING INDEX albums_artist (artist_id=?)",
        ])
        let count = try fixture.open().scalar(SQL("SELECT count(*) FROM artists"))
        XCTAssertEqual(count, .integer(3))
    }

    /// `Ctrl-P` where the editor holds no statement says so and stays.
    func testNoStatementNoPlan() throws {
        let runner = try runner()
        let screen = runner.run(try KeyScript.parse("e-- nothing<C-p>")).last ?? []
        XCTAssertEqual(screen.last, "(no statement here) SQL> -- nothing")
        XCTAssertEqual(runner.app.prompt.current?.text, "-- nothing")
    }
}
