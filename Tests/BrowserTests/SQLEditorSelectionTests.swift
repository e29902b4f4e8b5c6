import ORMCore
import XCTest
@testable import Browser

/// A selection in the SQL editor: Shift with the arrows, `Home` and `End` extends it from where it
/// started, it is drawn in the theme's selection style, `Ctrl-O` runs it alone and `Ctrl-P` plans
/// it, typing or `Backspace` replaces it, a move without Shift drops it.
final class SQLEditorSelectionTests: XCTestCase {
    private var fixture: BrowserFixture!

    override func setUpWithError() throws {
        fixture = try BrowserFixture()
    }

    override func tearDown() {
        fixture.remove()
    }

    /// A runner on the fixture, no table open.
    private func runner(columns: Int = 60, rows: Int = 10) throws -> HeadlessRunner {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: nil)
        return HeadlessRunner(app: app, columns: columns, rows: rows)
    }

    /// Plays `keys` on `prompt`.
    private func press(_ keys: String, on prompt: inout PromptState) throws {
        for case .key(let key) in try KeyScript.parse(keys) {
            _ = prompt.handle(key)
        }
    }

    func testShiftExtendsTheSelectionFromWhereItStarted() throws {
        var prompt = PromptState(kind: .sql, text: "SELECT a,\n  b\nFROM t")
        try press("<S-Left><S-Left>", on: &prompt)
        XCTAssertEqual(prompt.selectedText, " t")
        try press("<S-Right>", on: &prompt)
        XCTAssertEqual(prompt.selectedText, "t", "back towards where it started")
        try press("<S-Home>", on: &prompt)
        XCTAssertEqual(prompt.selectedText, "FROM t")
        try press("<S-Up>", on: &prompt)
        XCTAssertEqual(prompt.selectedText, "  b\nFROM t")
        try press("<S-Up><S-Up>", on: &prompt)
        XCTAssertEqual(prompt.selectedText, prompt.text, "Shift-Up on the first line: to the start, not the history")
        try press("<Right>", on: &prompt)
        XCTAssertNil(prompt.selection, "a move without Shift drops it")
        XCTAssertEqual(prompt.cursor, 1)
        try press("<S-End><S-Down>", on: &prompt)
        XCTAssertEqual(prompt.selectedText, "ELECT a,\n  b", "to the end of the shorter line")
        try press("<S-Down><S-Down>", on: &prompt)
        XCTAssertEqual(prompt.selectedText, "ELECT a,\n  b\nFROM t", "Shift-Down on the last line: to the end")
    }

    func testTypingReplacesTheSelectionAndBackspaceDeletesIt() throws {
        var prompt = PromptState(kind: .sql, text: "SELECT name FROM artists")
        try press("<S-Left><S-Left><S-Left><S-Left><S-Left><S-Left><S-Left>albums", on: &prompt)
        XCTAssertEqual(prompt.text, "SELECT name FROM albums")
        XCTAssertNil(prompt.selection)
        try press("<Home><S-Right><S-Right><S-Right><S-Right><S-Right><S-Right><S-Right><BS>", on: &prompt)
        XCTAssertEqual(prompt.text, "name FROM albums", "only the selection went")
        try press("<S-End><Del>", on: &prompt)
        XCTAssertEqual(prompt.text, "")
    }

    func testTheSelectionIsDrawnInTheSelectionStyle() throws {
        let runner = try runner()
        let screen = runner.run(try KeyScript.parse("eSELECT 1,<C-j>22<Left><S-Up>")).last ?? []
        assertScreen(Array(screen.suffix(2)), ["SQL> SELECT 1,", "  -> 22"])
        let selection = Theme.builtinDefault[.selection]
        let first = 8, second = 9  // the rows of the two lines
        let selected = [(7, first), (8, first), (9, first), (10, first), (11, first), (12, first), (13, first), (14, first), (5, second)]
        for (x, y) in selected {
            XCTAssertEqual(runner.backend.screen.cell(x: x, y: y)?.style.background, selection.background, "selected: \(x), \(y)")
        }
        XCTAssertEqual(runner.backend.screen.cell(x: 6, y: first)?.style.background, Theme.builtinDefault[.promptCursor].background,
                       "the cursor, at the selection's start")
        for (x, y) in [(5, first), (15, first), (6, second), (7, second)] {
            XCTAssertNotEqual(runner.backend.screen.cell(x: x, y: y)?.style.background, selection.background, "not selected: \(x), \(y)")
        }
    }

    func testControlORunsTheSelectionAloneOnce() throws {
        let runner = try runner()
        // The selection is part of one statement: the statement under the cursor would delete every row.
        let keys = "eDELETE FROM artists WHERE id = 3 OR 1 = 1;<Home>" + String(repeating: "<S-Right>", count: 32) + "<C-o>"
        let screen = runner.run(try KeyScript.parse(keys)).last ?? []
        XCTAssertEqual(runner.app.prompt.current?.selectedText, nil, "the editor closed")
        XCTAssertTrue(screen.last?.contains("1 row changed") == true, screen.joined(separator: "\n"))
        let left = try fixture.open().fetchAll("SELECT id FROM artists ORDER BY id").map { $0.first }
        XCTAssertEqual(left, [.integer(1), .integer(2)], "only the selection ran")
        _ = runner.run(try KeyScript.parse("e"))
        XCTAssertEqual(runner.app.prompt.current?.text, "DELETE FROM artists WHERE id = 3 OR 1 = 1;", "the text kept")
    }

    func testControlPPlansTheSelection() throws {
        let runner = try runner(columns: 80, rows: 10)
        let keys = "eSELECT * FROM artists WHERE id = 1 UNION SELECT * FROM artists<Home>"
            + String(repeating: "<S-Right>", count: 34) + "<C-p>"
        let screen = runner.run(try KeyScript.parse(keys)).last ?? []
        let text = screen.joined(separator: "\n")
        XCTAssertTrue(screen[0].hasPrefix("Plan of SELECT * FROM artists WHERE id = 1"), text)
        XCTAssertFalse(screen[0].contains("UNION"), text)
        XCTAssertTrue(text.contains("SEARCH artists USING INTEGER PRIMARY KEY"), text)
        XCTAssertFalse(text.contains("SCAN"), "the rest of the statement is not planned: \(text)")
    }

    func testTypingOverASelectionOnTheScreen() throws {
        let runner = try runner()
        let screen = runner.run(try KeyScript.parse("eSELECT name FROM albums<S-Left><S-Left><S-Left><S-Left><S-Left><S-Left>artists<Enter>"))
            .last ?? []
        XCTAssertTrue(screen[1].contains("Ada"), screen.joined(separator: "\n"))
    }

    func testASelectionOfBlanksRunsNothing() throws {
        let runner = try runner()
        _ = runner.run(try KeyScript.parse("eSELECT 1;   <S-Left><S-Left><C-o>"))
        XCTAssertEqual(runner.app.prompt.current?.note, "the selection holds no SQL")
    }
}
