import ORMCore
import XCTest
@testable import Browser

/// The SQL prompt as an editor of several lines, played headless on the fixture: it grows upward
/// and scrolls, runs a statement written over several lines, runs the statement under the cursor
/// (`Ctrl-O`), completes on any line, and keeps a rejected statement with the error's place marked.
final class SQLEditorScreenTests: XCTestCase {
    private var fixture: BrowserFixture!

    override func setUpWithError() throws {
        fixture = try BrowserFixture()
    }

    override func tearDown() {
        fixture.remove()
    }

    /// A runner on the fixture, no table open.
    private func runner(columns: Int = 60, rows: Int = 12) throws -> HeadlessRunner {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: nil)
        return HeadlessRunner(app: app, columns: columns, rows: rows)
    }

    /// The last `count` rows of `screen`.
    private func bottom(_ screen: [String], _ count: Int) -> [String] {
        Array(screen.suffix(count))
    }

    /// `Ctrl-J` and `Enter` inside an open parenthesis go on to new lines, drawn upward from the
    /// status bar's row; the cursor is on the last line.
    func testTheEditorGrowsUpward() throws {
        let runner = try runner()
        let screen = runner.run(try KeyScript.parse("eSELECT id,<C-j>  name<C-j>FROM artists WHERE id IN (<Enter>1, 2")).last ?? []
        assertScreen(bottom(screen, 4), [
            "SQL> SELECT id,",
            "  ->   name",
            "  -> FROM artists WHERE id IN (",
            "  -> 1, 2",
        ])
        XCTAssertEqual(runner.app.prompt.current?.text, "SELECT id,\n  name\nFROM artists WHERE id IN (\n1, 2")
        XCTAssertEqual(runner.backend.screen.cell(x: 9, y: 11)?.style, Theme.builtinDefault[.promptCursor].patched(with: .plain),
                       "the cursor after the last character")
    }

    /// The statement written over several lines runs once it is whole; the prompt closes and its
    /// rows show.
    func testAStatementOverSeveralLinesRuns() throws {
        let screen = try fixture.screen("eSELECT name<C-j>FROM artists<C-j>WHERE id IN (<Enter>2, 3)<Enter>", columns: 60, rows: 6)
        XCTAssertTrue(screen[1].contains("漢字テスト"), screen.joined(separator: "\n"))
        XCTAssertTrue(screen[2].contains("Emoji 😀 band"), screen.joined(separator: "\n"))
        XCTAssertTrue(screen.last?.hasPrefix(" RESULTS") == true, screen.joined(separator: "\n"))
    }

    /// `RETURNING *` ends a statement: `Enter` runs it (it used to go on to a new line, the `*`
    /// taken for a product missing its right side) and its rows show.
    func testEnterRunsAStatementEndingWithReturningStar() throws {
        let screen = try fixture.screen("eINSERT INTO artists (name) VALUES ('Zed') RETURNING *<Enter>", columns: 60, rows: 6)
        XCTAssertTrue(screen[1].contains("Zed"), screen.joined(separator: "\n"))
        XCTAssertTrue(screen.last?.hasPrefix(" RESULTS") == true, screen.joined(separator: "\n"))
    }

    /// A statement SQLite rejects comes back into the editor with what SQLite said above it, the
    /// cursor and the error colour on the place; the mark goes with the next change.
    func testARejectedStatementStaysWithItsPlaceMarked() throws {
        let runner = try runner()
        let screen = runner.run(try KeyScript.parse("eSELECT name<C-j>FROM artists<C-j>WHERE nosuch = 1<Enter>")).last ?? []
        assertScreen(bottom(screen, 4), [
            "✗ line 3, column 7: no such column: nosuch",
            "SQL> SELECT name",
            "  -> FROM artists",
            "  -> WHERE nosuch = 1",
        ])
        let prompt = try XCTUnwrap(runner.app.prompt.current)
        XCTAssertEqual(prompt.text, "SELECT name\nFROM artists\nWHERE nosuch = 1")
        XCTAssertEqual(prompt.cursor, 31, "on the n of nosuch")
        let error = Theme.builtinDefault[.statusError]
        XCTAssertEqual(runner.backend.screen.cell(x: 0, y: 8)?.style.foreground, error.foreground, "the error's line")
        _ = runner.run(try KeyScript.parse("<Home>"))
        XCTAssertEqual(runner.backend.screen.cell(x: 11, y: 11)?.style.foreground, error.foreground, "the place marked")
        XCTAssertNotEqual(runner.backend.screen.cell(x: 12, y: 11)?.style.foreground, error.foreground, "only there")
        let fixed = runner.run(try KeyScript.parse("<End><Left><Left><Left><Left><BS><BS><BS><BS><BS><BS>id<Enter>")).last ?? []
        XCTAssertNil(runner.app.prompt.current, "the fixed statement ran")
        XCTAssertTrue(fixed.joined(separator: "\n").contains("Ada"), fixed.joined(separator: "\n"))
    }

    /// A failing statement of a script is marked in its own line of the editor.
    func testAFailingStatementOfAScriptIsMarkedWhereItIs() throws {
        let runner = try runner(columns: 100)
        let screen = runner.run(try KeyScript.parse("eDELETE FROM albums;<C-j>SELECT nosuch FROM artists;<Enter>")).last ?? []
        XCTAssertTrue(screen[screen.count - 3].hasPrefix("✗ line 2, column 8: statement 2 of 2: no such column: nosuch"),
                      screen.joined(separator: "\n"))
        XCTAssertEqual(runner.app.prompt.current?.cursor, 27)
        XCTAssertEqual(try fixture.open().scalar("SELECT count(*) FROM albums"), .integer(0), "the statement before it ran")
    }

    /// `Ctrl-O` runs only the statement under the cursor; the whole text joins the history.
    func testControlORunsTheStatementUnderTheCursor() throws {
        let runner = try runner(columns: 60, rows: 8)
        let keys = "eSELECT name FROM artists WHERE id = 2;<C-j>DELETE FROM artists;<Up><C-o>"
        let screen = runner.run(try KeyScript.parse(keys)).last ?? []
        XCTAssertTrue(screen[1].contains("漢字テスト"), screen.joined(separator: "\n"))
        XCTAssertEqual(try fixture.open().scalar("SELECT count(*) FROM artists"), .integer(3), "the DELETE did not run")
        _ = runner.run(try KeyScript.parse("e<Up>"))
        XCTAssertEqual(runner.app.prompt.current?.text, "SELECT name FROM artists WHERE id = 2;\nDELETE FROM artists;")
    }

    /// Past a third of the screen the editor scrolls, keeping the cursor's line in sight.
    func testTheEditorScrollsPastAThirdOfTheScreen() throws {
        let runner = try runner(columns: 40, rows: 9)
        let screen = runner.run(try KeyScript.parse("eSELECT<C-j>1,<C-j>2,<C-j>3,<C-j>4")).last ?? []
        assertScreen(bottom(screen, 3), ["  -> 2,", "  -> 3,", "  -> 4"])
        XCTAssertFalse(screen.contains { $0.contains("SQL>") }, "the first lines are out of sight")
        let top = runner.run(try KeyScript.parse("<Up><Up><Up><Up>")).last ?? []
        assertScreen(bottom(top, 3), ["SQL> SELECT", "  -> 1,", "  -> 2,"])
    }

    /// `Tab` completes the word on a later line, the list drawn above the editor.
    func testCompletionOnALaterLine() throws {
        let runner = try runner()
        let screen = runner.run(try KeyScript.parse("eSELECT *<C-j>FROM arti<Tab>")).last ?? []
        XCTAssertEqual(screen.last, "  -> FROM artists")
        XCTAssertEqual(runner.app.prompt.current?.text, "SELECT *\nFROM artists")
    }
}
