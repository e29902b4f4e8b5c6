import XCTest
@testable import Browser

/// The one-line input: cursor placement and horizontal scrolling.
final class PromptTests: XCTestCase {
    /// The theme the golden tests render with.
    private let theme = Theme.builtinDefault

    /// Renders into a fresh buffer of the given size.
    private func render(_ prompt: Prompt, width: Int) -> (ScreenBuffer, (x: Int, y: Int)) {
        var buffer = ScreenBuffer(width: width, height: 1)
        let cursor = prompt.render(in: buffer.area, into: &buffer, theme: theme)
        return (buffer, cursor)
    }

    func testLabelTextAndCursorAtTheEnd() {
        let (buffer, cursor) = render(Prompt(label: "/", text: "ada"), width: 10)
        assertLines(buffer, ["/ada      "])
        XCTAssertTrue(cursor == (4, 0))
        XCTAssertEqual(buffer.cell(x: 4, y: 0)?.style, theme[.prompt].patched(with: theme[.promptCursor]))
        XCTAssertEqual(buffer.cell(x: 1, y: 0)?.style, theme[.prompt])
        XCTAssertEqual(buffer.cell(x: 0, y: 0)?.style, theme[.prompt].patched(with: theme[.title]))
    }

    func testCursorInsideTheText() {
        let (buffer, cursor) = render(Prompt(label: "Filter: ", text: "漢字ab", cursor: 1), width: 20)
        assertLines(buffer, ["Filter: 漢字ab      "])
        XCTAssertTrue(cursor == (10, 0), "after one wide character")
        XCTAssertEqual(buffer.cell(x: 10, y: 0)?.style, theme[.prompt].patched(with: theme[.promptCursor]))
        XCTAssertEqual(buffer.cell(x: 11, y: 0)?.style, theme[.prompt].patched(with: theme[.promptCursor]), "both columns of 字")
    }

    func testLongTextScrollsToKeepTheCursorVisible() {
        let (buffer, cursor) = render(Prompt(label: ":", text: "select * from tracks"), width: 10)
        assertLines(buffer, [":m tracks "])
        XCTAssertTrue(cursor == (9, 0))
        let (start, startCursor) = render(Prompt(label: ":", text: "select * from tracks", cursor: 0), width: 10)
        assertLines(start, [":select * "])
        XCTAssertTrue(startCursor == (1, 0))
    }

    func testScrollingThroughWideCharactersKeepsTheLineWidth() {
        for cursor in 0...6 {
            let (buffer, position) = render(Prompt(label: "/", text: "漢字テスト漢", cursor: cursor), width: 8)
            assertEveryLineFillsWidth(buffer)
            XCTAssertGreaterThanOrEqual(position.x, 1)
            XCTAssertLessThan(position.x, 8)
        }
    }

    func testControlCharactersAreShownAndCountedSanitised() {
        let (buffer, cursor) = render(Prompt(label: "/", text: "a\u{1B}b", cursor: 2), width: 8)
        assertLines(buffer, ["/a^[b   "])
        XCTAssertTrue(cursor == (4, 0))
    }

    /// Ctrl-K clears to the end of the cursor's line; at its end it joins the next line.
    func testControlKClearsToTheLineEndThenJoinsTheNextLine() {
        var prompt = PromptState(kind: .sql, text: "SELECT a, b\nFROM t")
        prompt.cursor = 8
        XCTAssertEqual(prompt.handle(.control("k")), .edited)
        XCTAssertEqual(prompt.text, "SELECT a\nFROM t")
        XCTAssertEqual(prompt.cursor, 8)
        _ = prompt.handle(.control("k"))
        XCTAssertEqual(prompt.text, "SELECT aFROM t", "at the line's end: the break goes")
        _ = prompt.handle(.end)
        _ = prompt.handle(.control("k"))
        XCTAssertEqual(prompt.text, "SELECT aFROM t", "at the text's end: nothing")
    }
}
