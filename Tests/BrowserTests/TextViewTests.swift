import XCTest
@testable import Browser

/// The wrapped, scrollable text view.
final class TextViewTests: XCTestCase {
    /// The theme the golden tests render with.
    private let theme = Theme.builtinDefault

    /// Renders into a fresh buffer of the given size.
    private func render(_ view: TextView, width: Int, height: Int) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: width, height: height)
        view.render(in: buffer.area, into: &buffer, theme: theme)
        return buffer
    }

    /// A schema with tabs and several lines.
    private let schema = "CREATE TABLE users (\n\tid INTEGER PRIMARY KEY,\n\tname TEXT NOT NULL\n)"

    func testWrapsByDisplayWidth() {
        let buffer = render(TextView(text: schema), width: 14, height: 7)
        assertLines(buffer, [
            "CREATE TABLE  ",
            "users (       ",
            "⇥id INTEGER   ",
            "PRIMARY KEY,  ",
            "⇥name TEXT NOT",
            "NULL          ",
            ")             ",
        ])
    }

    func testScrollCountsWrappedLines() {
        let view = TextView(text: schema, scroll: 3)
        assertLines(render(view, width: 14, height: 2), ["PRIMARY KEY,  ", "⇥name TEXT NOT"])
        XCTAssertEqual(view.maximumScroll(width: 14, height: 2), 5)
        XCTAssertEqual(view.maximumScroll(width: 80, height: 10), 0)
    }

    func testUnwrappedLinesAreCut() {
        let buffer = render(TextView(text: "漢字漢字\nshort", wrap: false), width: 5, height: 2)
        assertLines(buffer, ["漢字 ", "short"])
    }

    func testWideTextWraps() {
        assertLines(render(TextView(text: "日本語のテキスト"), width: 5, height: 4), ["日本 ", "語の ", "テキ ", "スト "])
    }

    func testHighlightMarksMatchesCaseInsensitively() {
        let buffer = render(TextView(text: "name TEXT, Name2", highlight: "name"), width: 20, height: 1)
        let matched = (0..<20).filter { buffer.cell(x: $0, y: 0)?.style == theme[.text].patched(with: theme[.match]) }
        XCTAssertEqual(matched, [0, 1, 2, 3, 11, 12, 13, 14])
    }

    func testHighlightAfterWideCharactersUsesDisplayColumns() {
        let buffer = render(TextView(text: "漢字 ab", highlight: "ab"), width: 10, height: 1)
        XCTAssertEqual(buffer.cell(x: 5, y: 0)?.style, theme[.text].patched(with: theme[.match]))
        XCTAssertEqual(buffer.cell(x: 3, y: 0)?.style, theme[.text])
    }
}
