import XCTest
@testable import Browser

/// The list of completions drawn above the prompt.
final class CompletionListTests: XCTestCase {
    private let theme = Theme.builtinDefault
    private let items = ["alpha", "beta", "gamma", "delta", "epsilon"].map { CompletionList.Item(text: $0, detail: "table") }

    private func render(_ list: CompletionList, width: Int, height: Int, x: Int) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: width, height: height)
        list.render(above: height - 1, x: x, in: Rect(x: 0, y: 0, width: width, height: height - 1), into: &buffer, theme: theme)
        return buffer
    }

    func testRowsEndAboveThePromptWithArrowsForMore() {
        let list = CompletionList(items: items, selected: 3, firstVisible: 2, height: 3)
        let buffer = render(list, width: 24, height: 5, x: 3)
        assertLines(buffer, [
            "                        ",
            "   gamma    table ↑     ",
            "   delta    table       ",
            "   epsilon  table       ",
            "                        ",
        ])
        XCTAssertEqual(buffer.cell(x: 3, y: 2)?.style, theme[.completionSelected])
        XCTAssertEqual(buffer.cell(x: 3, y: 1)?.style, theme[.completion])
        let top = render(CompletionList(items: items, selected: 0, firstVisible: 0, height: 3), width: 24, height: 5, x: 3)
        XCTAssertEqual(top.lines()[3], "   gamma  table ↓       ")
    }

    func testMovedLeftToFitAndNotesDroppedWhenNarrow() {
        let list = CompletionList(items: Array(items.prefix(2)), selected: 0, firstVisible: 0, height: 8)
        assertLines(render(list, width: 20, height: 3, x: 18), [
            "      alpha  table  ",
            "      beta   table  ",
            "                    ",
        ])
        assertLines(render(list, width: 8, height: 3, x: 0), [
            " alpha  ",
            " beta   ",
            "        ",
        ])
    }

    func testControlCharactersInNamesAreSanitised() {
        let list = CompletionList(items: [CompletionList.Item(text: "a\u{1B}b", detail: "column")], selected: 0,
                                  firstVisible: 0, height: 8)
        assertLines(render(list, width: 16, height: 2, x: 1), [
            " a^[b  column   ",
            "                ",
        ])
    }
}
