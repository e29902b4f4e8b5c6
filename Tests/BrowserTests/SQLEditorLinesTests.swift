import XCTest
@testable import Browser

/// The SQL prompt as an editor of several lines, key by key without an `App`: `Enter` in an
/// unfinished statement and `Ctrl-J` go on to a new line, arrows, `Home` and `End` move within
/// and across lines, `Up` and `Down` reach the history only from the first and last lines,
/// `Ctrl-O` asks for the statement under the cursor.
final class SQLEditorLinesTests: XCTestCase {
    /// Types `text` into `prompt`, one key a character.
    private func type(_ text: String, into prompt: inout PromptState) {
        for character in text {
            _ = prompt.handle(.character(character))
        }
    }

    /// `Enter` after an open parenthesis goes on to a new line; once closed it runs the text.
    func testEnterGoesOnWhileTheStatementIsUnfinished() {
        var prompt = PromptState(kind: .sql)
        type("SELECT count(", into: &prompt)
        XCTAssertEqual(prompt.handle(.enter), .edited)
        type("*)", into: &prompt)
        XCTAssertEqual(prompt.text, "SELECT count(\n*)")
        XCTAssertEqual(prompt.handle(.enter), .submitted("SELECT count(\n*)"))
    }

    /// Two statements without a final `;`: `Enter` goes on; with it, `Enter` runs them both.
    func testASecondStatementNeedsItsSemicolon() {
        var prompt = PromptState(kind: .sql, text: "SELECT 1; SELECT 2")
        XCTAssertEqual(prompt.handle(.enter), .edited)
        XCTAssertEqual(prompt.text, "SELECT 1; SELECT 2\n")
        _ = prompt.handle(.backspace)
        type(";", into: &prompt)
        XCTAssertEqual(prompt.handle(.enter), .submitted("SELECT 1; SELECT 2;"))
    }

    /// `Ctrl-J` breaks a finished line; `Enter` at a filter prompt never does.
    func testControlJBreaksTheLineAtTheSQLPromptOnly() {
        var prompt = PromptState(kind: .sql, text: "SELECT 1")
        prompt.cursor = 6
        XCTAssertEqual(prompt.handle(.control("j")), .edited)
        XCTAssertEqual(prompt.text, "SELECT\n 1")
        XCTAssertEqual(prompt.lineOfCursor, 1)
        var filter = PromptState(kind: .filter, text: "a = '")
        XCTAssertEqual(filter.handle(.enter), .submitted("a = '"))
    }

    /// Up and Down move between lines keeping the column (or the end of a shorter line); Home and
    /// End go to the ends of the line; Ctrl-U clears the line before the cursor.
    func testArrowsHomeAndEndWorkPerLine() {
        var prompt = PromptState(kind: .sql, text: "SELECT a,\n  b\nFROM t")
        XCTAssertEqual(prompt.lineAndColumn(of: prompt.cursor).line, 2)
        _ = prompt.handle(.home)
        XCTAssertEqual(prompt.cursor, 14)
        _ = prompt.handle(.end)
        XCTAssertEqual(prompt.cursor, 20)
        _ = prompt.handle(.up)
        XCTAssertEqual(prompt.lineAndColumn(of: prompt.cursor).line, 1)
        XCTAssertEqual(prompt.lineAndColumn(of: prompt.cursor).column, 3, "the end of the shorter line")
        _ = prompt.handle(.up)
        XCTAssertEqual(prompt.cursor, 3)
        _ = prompt.handle(.control("e"))
        XCTAssertEqual(prompt.cursor, 9)
        _ = prompt.handle(.down)
        _ = prompt.handle(.control("u"))
        XCTAssertEqual(prompt.text, "SELECT a,\n\nFROM t")
        XCTAssertEqual(prompt.historyIndex, nil, "no history was reached")
    }

    /// From the first line `Up` recalls the history; from the last `Down` comes back to the draft.
    func testHistoryFromTheFirstAndLastLines() {
        var prompt = PromptState(kind: .sql, text: "", history: ["SELECT 1", "SELECT a\nFROM t"])
        _ = prompt.handle(.up)
        XCTAssertEqual(prompt.text, "SELECT a\nFROM t")
        _ = prompt.handle(.up)
        XCTAssertEqual(prompt.text, "SELECT a\nFROM t", "the recalled entry's first line")
        XCTAssertEqual(prompt.lineOfCursor, 0)
        _ = prompt.handle(.up)
        XCTAssertEqual(prompt.text, "SELECT 1")
        _ = prompt.handle(.down)
        XCTAssertEqual(prompt.text, "SELECT a\nFROM t")
        _ = prompt.handle(.down)
        XCTAssertEqual(prompt.text, "")
    }

    /// `Ctrl-O` asks for the statement under the cursor, where it starts and the whole text.
    func testControlORunsTheStatementUnderTheCursor() {
        var prompt = PromptState(kind: .sql, text: "SELECT 1;\nSELECT 2;\nSELECT 3;")
        prompt.cursor = 12
        XCTAssertEqual(prompt.handle(.control("o")), .runStatement("SELECT 2", start: 10, buffer: "SELECT 1;\nSELECT 2;\nSELECT 3;"))
        var empty = PromptState(kind: .sql, text: "-- nothing")
        XCTAssertEqual(empty.handle(.control("o")), .edited)
        XCTAssertEqual(empty.note, "no statement here")
    }

    /// The lines in sight follow the cursor, moving as little as they can.
    func testTheLinesInSightFollowTheCursor() {
        var prompt = PromptState(kind: .sql, text: "1\n2\n3\n4\n5\n6")
        prompt.keepCursorVisible(rows: 3)
        XCTAssertEqual(prompt.firstVisibleLine, 3)
        prompt.moveLine(by: -1)
        prompt.keepCursorVisible(rows: 3)
        XCTAssertEqual(prompt.firstVisibleLine, 3)
        prompt.moveLine(by: -3)
        prompt.keepCursorVisible(rows: 3)
        XCTAssertEqual(prompt.firstVisibleLine, 1)
    }

    /// A failure marked in the text goes once the text changes, not when the cursor moves.
    func testTheFailureGoesWithAnEdit() {
        var prompt = PromptState(kind: .sql, text: "SELEC 1")
        prompt.failure = EditorFailure(message: "syntax error", offset: 0)
        _ = prompt.handle(.left)
        XCTAssertNotNil(prompt.failure)
        _ = prompt.handle(.character("x"))
        XCTAssertNil(prompt.failure)
    }

    /// `Ctrl-R` finds an entry of several lines, which then edits line by line.
    func testControlRRecallsAnEntryOfSeveralLines() {
        var prompt = PromptState(kind: .sql, history: ["SELECT 1", "SELECT name\nFROM artists", "SELECT 2"])
        _ = prompt.handle(.control("r"))
        for character in "artists" {
            _ = prompt.handle(.character(character))
        }
        XCTAssertEqual(prompt.text, "SELECT name\nFROM artists")
        XCTAssertEqual(prompt.handle(.enter), .edited, "Enter takes the match without running it")
        XCTAssertEqual(prompt.lineOfCursor, 1)
        _ = prompt.handle(.up)
        XCTAssertEqual(prompt.lineOfCursor, 0)
        XCTAssertEqual(prompt.text, "SELECT name\nFROM artists", "Up moved to the first line, not through the history")
    }
}
