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

    /// Types `script` at the SQL prompt and asserts the status message holds `message`; a script
    /// that failed is back in the SQL editor, the message said above it.
    private func assertStatus(after script: String, contains message: String, table: String? = nil,
                              file: StaticString = #filePath, line: UInt = #line) throws {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: table)
        let screen = HeadlessRunner(app: app, columns: 120, rows: 6).run(try KeyScript.parse("e" + script + "<Enter>")).last ?? []
        let status = app.state.message?.text ?? screen.last ?? ""
        XCTAssertTrue(status.contains(message), status, file: file, line: line)
        if app.state.message?.isError == true {
            XCTAssertEqual(app.prompt.current?.text, script, "the failed script stays in the editor", file: file, line: line)
            XCTAssertTrue(screen[screen.count - 2].hasPrefix("✗ "), screen.joined(separator: "\n"), file: file, line: line)
        }
    }

    /// Writes then a query: the writes apply in one transaction, the query's rows are shown.
    func testWritesThenAQueryShowTheQueryRows() throws {
        let screen = try fixture.screen(
            "eUPDATE artists SET country = 'a;b' WHERE id = 1; INSERT INTO artists(name) VALUES ('New'); "
                + "SELECT name, country FROM artists WHERE id IN (1, 4) ORDER BY id; -- the changed rows<Enter>",
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
        try assertStatus(after: "DELETE FROM albums; DELETE FROM nowhere; DELETE FROM artists;",
                         contains: "SQL: statement 2 of 3: no such table: nowhere (nothing was changed)", table: "albums")
        XCTAssertEqual(try count("SELECT count(*) FROM albums"), .integer(4))
        XCTAssertEqual(try count("SELECT count(*) FROM artists"), .integer(3))
    }

    /// A statement SQLite cannot prepare is told with where in it SQLite stopped: the column in
    /// the text as typed, though reef ran the query inside its own SQL.
    func testAnErrorSaysWhereInTheStatementItIs() throws {
        try assertStatus(after: "SELECT name, nosuch FROM artists", contains: "SQL: no such column: nosuch (at column 14: nosuch FROM artists)")
        try assertStatus(after: "SELEC 1", contains: "SQL: near \"SELEC\": syntax error (at column 1: SELEC 1)")
    }

    /// The place is a line and a column in a statement of several lines, with what follows it on
    /// its line, and the end when the text ended too soon.
    func testThePlaceCountsLinesAndColumnsOfTheTypedText() {
        let typed = "SELECT name,\n       nosuch\nFROM artists"
        let sql = "SELECT * FROM (" + typed + "\n) AS \"reef query\" LIMIT 0"
        let offset = sql.distance(from: sql.startIndex, to: sql.range(of: "nosuch")!.lowerBound)
        let error = SQLiteError(code: .error, message: "no such column: nosuch", sql: sql, sqlOffset: offset)
        XCTAssertEqual(UserMessage.place(of: error, in: typed + ";\n"), "line 2, column 8: nosuch")
        let short = SQLiteError(code: .error, message: "incomplete input", sql: "SELECT * FROM (SELECT 1 +\n)", sqlOffset: 26)
        XCTAssertEqual(UserMessage.place(of: short, in: "SELECT 1 +"), "column 11, the end")
        let elsewhere = SQLiteError(code: .error, message: "x", sql: "SELECT 2", sqlOffset: 3)
        XCTAssertNil(UserMessage.place(of: elsewhere, in: "SELECT 1"), "the typed text is not in the statement run")
    }

    /// A failing final query leaves the writes before it applied (they committed first), and says so.
    func testAFailingFinalQueryKeepsTheWritesBeforeIt() throws {
        try assertStatus(after: "UPDATE artists SET country = 'Q' WHERE id = 1; SELECT nope FROM artists;",
                         contains: "statement 2 of 2: no such column: nope (at column 8: nope FROM artists; the statement before it ran)")
        XCTAssertEqual(try count("SELECT count(*) FROM artists WHERE country = 'Q'"), .integer(1))
    }

    /// A script that manages its own transaction runs statement by statement: what ran before a
    /// failure stays, and the message says how much.
    func testAScriptWithItsOwnTransactionAppliesAsItRuns() throws {
        try assertStatus(after: "BEGIN; DELETE FROM pairs; COMMIT; UPDATE nowhere SET x = 1;",
                         contains: "statement 4 of 4: no such table: nowhere (the 3 before it ran)")
        XCTAssertEqual(try count("SELECT count(*) FROM pairs"), .integer(0))
    }

    /// Only the last statement may return rows: a query before it refuses the script unrun.
    func testAQueryBeforeTheLastStatementIsRefused() throws {
        try assertStatus(after: "SELECT * FROM artists; DELETE FROM artists;",
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
