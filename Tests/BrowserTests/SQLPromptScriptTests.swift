import ORMCore
import XCTest
@testable import Browser

/// The SQL prompt runs several statements as a script, and reads statements around comments.
final class SQLPromptScriptTests: XCTestCase {
    private var fixture: BrowserFixture!

    override func setUpWithError() throws {
        fixture = try BrowserFixture()
    }

    override func tearDown() {
        fixture.remove()
    }

    private func count(_ sql: SQL) throws -> SQLValue? {
        try fixture.open().scalar(sql)
    }

    /// Types `script` at the SQL prompt and asserts the status line holds `message`.
    private func assertStatus(after script: String, contains message: String, table: String? = nil,
                              file: StaticString = #filePath, line: UInt = #line) throws {
        let status = try fixture.screen("e" + script + "<Enter>", columns: 120, rows: 6, table: table).last ?? ""
        XCTAssertTrue(status.contains(message), status, file: file, line: line)
    }

    /// Writes then a query: the writes apply in one transaction, the query's rows are shown.
    func testWritesThenAQueryShowTheQueryRows() throws {
        let screen = try fixture.screen(
            "eUPDATE artists SET country = 'a;b' WHERE id = 1; INSERT INTO artists(name) VALUES ('New'); "
                + "SELECT name, country FROM artists WHERE id IN (1, 4) ORDER BY id -- the changed rows<Enter>",
            columns: 80, rows: 6)
        assertScreen(screen, [
            " │name │country │",
            "1│Ada  │a;b     │",
            "2│New  │∅       │",
            "",
            "",
            " RESULTS  ran 3 statements in one transaction: 2 rows changed  query  1/2  name",
        ])
        XCTAssertEqual(try count("SELECT count(*) FROM artists"), .integer(4))
    }

    /// A failing statement rolls back the ones before it, and the message says which failed.
    func testAFailureRollsTheWholeScriptBack() throws {
        try assertStatus(after: "DELETE FROM albums; DELETE FROM nowhere; DELETE FROM artists",
                         contains: "SQL: statement 2 of 3: no such table: nowhere (nothing was changed)", table: "albums")
        XCTAssertEqual(try count("SELECT count(*) FROM albums"), .integer(4))
        XCTAssertEqual(try count("SELECT count(*) FROM artists"), .integer(3))
    }

    /// A failing final query leaves the writes before it applied (they committed first), and says so.
    func testAFailingFinalQueryKeepsTheWritesBeforeIt() throws {
        try assertStatus(after: "UPDATE artists SET country = 'Q' WHERE id = 1; SELECT nope FROM artists",
                         contains: "statement 2 of 2: no such column: nope (the statement before it ran)")
        XCTAssertEqual(try count("SELECT count(*) FROM artists WHERE country = 'Q'"), .integer(1))
    }

    /// A script that manages its own transaction runs statement by statement: what ran before a
    /// failure stays, and the message says how much.
    func testAScriptWithItsOwnTransactionAppliesAsItRuns() throws {
        try assertStatus(after: "BEGIN; DELETE FROM pairs; COMMIT; UPDATE nowhere SET x = 1",
                         contains: "statement 4 of 4: no such table: nowhere (the 3 before it ran)")
        XCTAssertEqual(try count("SELECT count(*) FROM pairs"), .integer(0))
    }

    /// Only the last statement may return rows: a query before it refuses the script unrun.
    func testAQueryBeforeTheLastStatementIsRefused() throws {
        try assertStatus(after: "SELECT * FROM artists; DELETE FROM artists",
                         contains: "statement 1 of 2: only the last statement may be a query (nothing was changed)")
        XCTAssertEqual(try count("SELECT count(*) FROM artists"), .integer(3))
    }

    /// Changes from a script refresh the open table.
    func testAScriptOfWritesRefreshesTheOpenTable() throws {
        let screen = try fixture.screen(
            "eUPDATE artists SET country = 'FR' WHERE id = 1; UPDATE artists SET country = 'DE' WHERE id = 3;<Enter>",
            columns: 60, rows: 6, table: "artists")
        XCTAssertEqual(screen[1], "album_titles ◇   4│1│  1│Ada          │FR      │")
        XCTAssertEqual(screen[3], "artists          3│3│  3│Emoji 😀 band│DE      │")
        XCTAssertEqual(screen.last, " BROWSE  ran 2 statements in one transaction: 2 rows changed")
    }

    /// Comments around one query: it still opens as results (not run and discarded).
    func testCommentsAroundAQuery() throws {
        let screen = try fixture.screen("e/* who */ SELECT name FROM artists WHERE id = 1 -- first<Enter>", columns: 40, rows: 4)
        assertScreen(screen, [
            " │name │",
            "1│Ada  │",
            "",
            " RESULTS  ? help       query  1/1  name",
        ])
    }

    /// A prompt holding only comments runs nothing and reports nothing.
    func testOnlyCommentsRunNothing() throws {
        let screen = try fixture.screen("e-- nothing here<Enter>", columns: 60, rows: 4, table: "artists")
        XCTAssertEqual(screen.last?.hasPrefix(" BROWSE  ? help"), true, screen.last ?? "")
    }
}
