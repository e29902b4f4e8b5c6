import XCTest
@testable import Browser

/// Writing, clipping, wide characters and diffing in the screen buffer.
final class ScreenBufferTests: XCTestCase {
    /// A recognisable foreground style.
    private let red = Style(foreground: .ansi(1))
    /// A recognisable background style.
    private let blue = Style(background: .ansi(4))

    func testNewBufferIsBlankLinesOfFullWidth() {
        let buffer = ScreenBuffer(width: 4, height: 2)
        assertLines(buffer, ["    ", "    "])
    }

    func testPutWritesTextAndReturnsColumns() {
        var buffer = ScreenBuffer(width: 8, height: 2)
        XCTAssertEqual(buffer.put("abc", x: 1, y: 1, style: red), 3)
        assertLines(buffer, ["        ", " abc    "])
        XCTAssertEqual(buffer.cell(x: 2, y: 1)?.style, red)
        XCTAssertEqual(buffer.cell(x: 4, y: 1)?.style, .plain)
    }

    func testPutClipsAtTheRightEdgeAndMaxWidthWithoutWrapping() {
        var buffer = ScreenBuffer(width: 5, height: 2)
        XCTAssertEqual(buffer.put("abcdefgh", x: 2, y: 0, style: .plain), 3)
        XCTAssertEqual(buffer.put("abcdefgh", x: 0, y: 1, style: .plain, maxWidth: 2), 2)
        assertLines(buffer, ["  abc", "ab   "])
    }

    func testWideCharacterThatDoesNotFitBecomesSpace() {
        var buffer = ScreenBuffer(width: 3, height: 2)
        buffer.fill(buffer.area, style: .plain)
        XCTAssertEqual(buffer.put("ab漢", x: 0, y: 0, style: red), 3)
        XCTAssertEqual(buffer.cell(x: 2, y: 0), Cell(symbol: " ", style: red, isContinuation: false))
        XCTAssertEqual(buffer.put("漢字", x: 0, y: 1, style: .plain, maxWidth: 3), 3)
        assertLines(buffer, ["ab ", "漢 "])
        assertEveryLineFillsWidth(buffer)
    }

    func testWideCharacterOccupiesHeadAndContinuation() {
        var buffer = ScreenBuffer(width: 6, height: 1)
        XCTAssertEqual(buffer.put("a漢b", x: 0, y: 0, style: .plain), 4)
        XCTAssertEqual(buffer.cell(x: 1, y: 0)?.symbol, "漢")
        XCTAssertEqual(buffer.cell(x: 2, y: 0)?.isContinuation, true)
        XCTAssertEqual(buffer.cell(x: 3, y: 0)?.symbol, "b")
        assertLines(buffer, ["a漢b  "])
    }

    func testAZeroWidthJoinerFamilyIsDrawnAsItsEmojiSideBySide() {
        var buffer = ScreenBuffer(width: 8, height: 1)
        XCTAssertEqual(buffer.put("👨\u{200D}👩\u{200D}👧|", x: 0, y: 0, style: .plain), 7)
        XCTAssertEqual((0...5).compactMap { buffer.cell(x: $0, y: 0)?.symbol }, ["👨", "", "👩", "", "👧", ""])
        XCTAssertEqual(buffer.cell(x: 6, y: 0)?.symbol, "|")
        assertEveryLineFillsWidth(buffer)
    }

    func testCombiningMarksStayInTheirBaseCell() {
        var buffer = ScreenBuffer(width: 4, height: 1)
        XCTAssertEqual(buffer.put("e\u{301}x", x: 0, y: 0, style: .plain), 2)
        XCTAssertEqual(buffer.cell(x: 0, y: 0)?.symbol, "e\u{301}")
        XCTAssertEqual(buffer.lines(), ["e\u{301}x  "])
        XCTAssertEqual(buffer.put("\u{301}y", x: 3, y: 0, style: .plain), 1, "a leading mark has no base and is dropped")
        XCTAssertEqual(buffer.cell(x: 3, y: 0)?.symbol, "y")
    }

    func testPutSanitises() {
        var buffer = ScreenBuffer(width: 12, height: 1)
        buffer.put("\u{1B}[31mred\n", x: 0, y: 0, style: .plain)
        assertLines(buffer, ["^[[31mred↵  "])
    }

    func testPutOutsideTheBufferWritesNothing() {
        var buffer = ScreenBuffer(width: 3, height: 1)
        XCTAssertEqual(buffer.put("x", x: 3, y: 0, style: .plain), 0)
        XCTAssertEqual(buffer.put("x", x: 0, y: 1, style: .plain), 0)
        XCTAssertEqual(buffer.put("x", x: -1, y: 0, style: .plain), 0)
        XCTAssertEqual(buffer.put("x", x: 0, y: 0, style: .plain, maxWidth: 0), 0)
        assertLines(buffer, ["   "])
    }

    func testOverwritingTheTailOfAWideCharacterBlanksItsHead() {
        var buffer = ScreenBuffer(width: 4, height: 1)
        buffer.put("漢", x: 0, y: 0, style: red)
        buffer.put("x", x: 1, y: 0, style: .plain)
        assertLines(buffer, [" x  "])
        XCTAssertEqual(buffer.cell(x: 0, y: 0), Cell(symbol: " ", style: red, isContinuation: false))
    }

    func testOverwritingTheHeadOfAWideCharacterBlanksItsTail() {
        var buffer = ScreenBuffer(width: 4, height: 1)
        buffer.put("漢", x: 0, y: 0, style: .plain)
        buffer.put("y", x: 0, y: 0, style: .plain)
        assertLines(buffer, ["y   "])
        XCTAssertEqual(buffer.cell(x: 1, y: 0)?.isContinuation, false)
    }

    func testWideOverWideShiftedByOne() {
        var buffer = ScreenBuffer(width: 6, height: 1)
        buffer.put("漢字", x: 0, y: 0, style: .plain)
        buffer.put("日", x: 1, y: 0, style: .plain)
        assertLines(buffer, [" 日   "])
        assertEveryLineFillsWidth(buffer)
    }

    func testFillBlanksARectangleAndRepairsWideCharacters() {
        var buffer = ScreenBuffer(width: 5, height: 3)
        buffer.put("漢字x", x: 0, y: 1, style: .plain)
        buffer.fill(Rect(x: 1, y: 1, width: 2, height: 5), style: blue)
        assertLines(buffer, ["     ", "    x", "     "])
        XCTAssertEqual(buffer.cell(x: 1, y: 2)?.style, blue)
        XCTAssertEqual(buffer.cell(x: 0, y: 2)?.style, .plain)
        XCTAssertEqual(buffer.cell(x: 3, y: 1)?.style, .plain, "字 lost its tail: a plain space now")
    }

    func testSetStyleKeepsTextAndPatchStyleLayers() {
        var buffer = ScreenBuffer(width: 3, height: 1)
        buffer.put("abc", x: 0, y: 0, style: red)
        buffer.setStyle(Rect(x: 0, y: 0, width: 1, height: 1), style: blue)
        buffer.patchStyle(Rect(x: 1, y: 0, width: 1, height: 1), style: Style(background: .ansi(4), attributes: .bold))
        assertLines(buffer, ["abc"])
        XCTAssertEqual(buffer.cell(x: 0, y: 0)?.style, blue)
        XCTAssertEqual(buffer.cell(x: 1, y: 0)?.style, Style(foreground: .ansi(1), background: .ansi(4), attributes: .bold))
        XCTAssertEqual(buffer.cell(x: 2, y: 0)?.style, red)
    }

    func testDiffOfEqualBuffersIsEmpty() {
        var buffer = ScreenBuffer(width: 5, height: 2)
        buffer.put("hi 漢", x: 0, y: 1, style: red)
        XCTAssertEqual(buffer.diff(from: buffer), [])
    }

    func testDiffReportsOnlyChangedCells() {
        var before = ScreenBuffer(width: 5, height: 2)
        before.put("hello", x: 0, y: 0, style: .plain)
        var after = before
        after.put("y", x: 1, y: 0, style: .plain)
        after.setStyle(Rect(x: 4, y: 0, width: 1, height: 1), style: red)
        XCTAssertEqual(after.diff(from: before), [
            CellChange(x: 1, y: 0, cell: Cell(symbol: "y", style: .plain, isContinuation: false)),
            CellChange(x: 4, y: 0, cell: Cell(symbol: "o", style: red, isContinuation: false)),
        ])
    }

    func testDiffReportsAChangedWideCharacterOnce() {
        let before = ScreenBuffer(width: 4, height: 1)
        var after = before
        after.put("漢", x: 1, y: 0, style: .plain)
        XCTAssertEqual(after.diff(from: before), [
            CellChange(x: 1, y: 0, cell: Cell(symbol: "漢", style: .plain, isContinuation: false)),
        ])
    }

    func testDiffReportsTheHeadWhenOnlyAContinuationChanged() {
        var before = ScreenBuffer(width: 4, height: 1)
        before.put("ab", x: 1, y: 0, style: .plain)
        var after = ScreenBuffer(width: 4, height: 1)
        after.put("a", x: 0, y: 0, style: .plain)
        after.put("漢", x: 1, y: 0, style: .plain)
        after.put("b", x: 3, y: 0, style: .plain)
        // Cell 1 changed from "a" to 漢, cell 2 from "b" to a continuation, cell 3 from " " to "b";
        // cell 0 changed from " " to "a".
        XCTAssertEqual(after.diff(from: before).map(\.x), [0, 1, 3])
    }

    func testDiffAgainstADifferentSizeReportsEveryCell() {
        var buffer = ScreenBuffer(width: 3, height: 1)
        buffer.put("漢x", x: 0, y: 0, style: .plain)
        XCTAssertEqual(buffer.diff(from: ScreenBuffer(width: 2, height: 1)).map(\.x), [0, 2])
    }

    func testResizeKeepsContentAndCutsWideCharactersAtTheNewEdge() {
        var buffer = ScreenBuffer(width: 4, height: 2)
        buffer.put("a漢b", x: 0, y: 0, style: .plain)
        buffer.put("wxyz", x: 0, y: 1, style: .plain)
        buffer.resize(width: 2, height: 3)
        assertLines(buffer, ["a ", "wx", "  "])
        assertEveryLineFillsWidth(buffer)
        buffer.resize(width: 3, height: 1)
        assertLines(buffer, ["a  "])
    }

    func testSetDrawsACellChange() {
        var buffer = ScreenBuffer(width: 3, height: 1)
        buffer.set(Cell(symbol: "漢", style: red, isContinuation: false), x: 1, y: 0)
        buffer.set(Cell(symbol: "字", style: red, isContinuation: false), x: 2, y: 0)
        assertLines(buffer, [" 漢"])
    }
}
