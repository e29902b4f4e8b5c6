import XCTest
@testable import Browser

/// The status bar layout and styles.
final class StatusBarTests: XCTestCase {
    /// The theme the golden tests render with.
    private let theme = Theme.builtinDefault

    /// Renders into a fresh buffer of the given size.
    private func render(_ bar: StatusBar, width: Int) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: width, height: 1)
        bar.render(in: buffer.area, into: &buffer, theme: theme)
        return buffer
    }

    func testModeMessageAndRightText() {
        let buffer = render(StatusBar(mode: "BROWSE", message: "Saved 3 rows", right: "users 12/345"), width: 40)
        assertLines(buffer, [" BROWSE  Saved 3 rows      users 12/345 "])
        XCTAssertEqual(buffer.cell(x: 1, y: 0)?.style, theme[.statusMode])
        XCTAssertEqual(buffer.cell(x: 9, y: 0)?.style, theme[.statusMessage])
        XCTAssertEqual(buffer.cell(x: 30, y: 0)?.style, theme[.statusBar])
    }

    func testErrorsUseTheErrorStyle() {
        let buffer = render(StatusBar(mode: "EDIT", message: "UNIQUE constraint failed", isError: true), width: 40)
        assertLines(buffer, [" EDIT  UNIQUE constraint failed         "])
        XCTAssertEqual(buffer.cell(x: 7, y: 0)?.style, theme[.statusError])
    }

    func testRightTextGivesWayToTheMessageWhenNarrow() {
        let bar = StatusBar(mode: "B", message: "a long error message here", isError: true, right: "t 1/2")
        assertLines(render(bar, width: 24), [" B  a long error… t 1/2 "])
        assertLines(render(bar, width: 20), [" B  a long error me…"])
    }

    func testMessageIsSanitisedAndCutByDisplayWidth() {
        let buffer = render(StatusBar(message: "漢字\u{1B}[2J漢字漢字"), width: 12)
        assertLines(buffer, [" 漢字^[[2J… "])
        assertEveryLineFillsWidth(buffer)
    }
}
