@testable import Browser
import XCTest

/// The screens that answer for themselves (``ScreenController``), tested alone: no `App`, no
/// database, only the commands, the replies and the cells drawn.
final class ScreenControllerTests: XCTestCase {
    private let theme = Theme.builtinDefault
    /// Above a status bar on a 30 by 5 screen: a title row and three rows of text.
    private let area = Rect(x: 0, y: 0, width: 30, height: 4)

    private func drawn(_ controller: any ScreenController) -> [String] {
        var buffer = ScreenBuffer(width: area.width, height: area.height)
        controller.render(in: area, into: &buffer, theme: theme)
        return buffer.lines().map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
    }

    private func page(lines count: Int) -> TextPageController {
        TextPageController(title: "Schema of t", lines: (1...count).map { "line \($0)" }, mode: .schema)
    }

    func testATextPageScrollsWithinItsText() {
        let page = page(lines: 10)
        XCTAssertEqual(drawn(page), ["Schema of t", "line 1", "line 2", "line 3"])
        XCTAssertEqual(page.perform(.down, in: area), .redraw)
        XCTAssertEqual(drawn(page)[1], "line 2")
        XCTAssertEqual(page.perform(.pageDown, in: area), .redraw)
        XCTAssertEqual(page.scroll, 4, "a page is the three rows under the title")
        _ = page.perform(.bottom, in: area)
        XCTAssertEqual(drawn(page).last, "line 10", "the last line at the bottom, no further")
        _ = page.perform(.pageDown, in: area)
        XCTAssertEqual(page.scroll, 7)
        _ = page.perform(.top, in: area)
        _ = page.perform(.up, in: area)
        XCTAssertEqual(page.scroll, 0, "not above the first line")
    }

    func testATextPageClosesSearchesAndRefusesOtherKeys() {
        let page = page(lines: 10)
        XCTAssertEqual(page.perform(.back, in: area), .close)
        XCTAssertEqual(page.perform(.cancel, in: area), .close)
        XCTAssertEqual(page.perform(.search, in: area), .openPrompt(.search))
        XCTAssertEqual(page.perform(.sort, in: area), .notAKey)
        XCTAssertEqual(page.perform(.nextMatch, in: area), .say(.error("no search yet: press / to search")))
        XCTAssertEqual(page.search(for: "LINE 5", forward: true, again: false, in: area), .say(.info("/LINE 5  line 5")))
        XCTAssertEqual(page.scroll, 4, "the line found is the first shown")
        XCTAssertEqual(page.search(for: "nothing", forward: true, again: false, in: area), .say(.error("not found: nothing")))
        XCTAssertEqual(page.search.text, "LINE 5", "a search that found nothing leaves the last one")
        XCTAssertEqual(page.perform(.nextMatch, in: area), .say(.info("search hit BOTTOM, continuing at TOP")),
                       "n goes on after the line found, around the end")
        XCTAssertEqual(page.perform(.previousMatch, in: area), .say(.info("search hit TOP, continuing at BOTTOM")))
        XCTAssertTrue(page.searchesText)
        XCTAssertEqual(page.mode, .schema)
    }

    func testTheHelpScrollsSearchesAndCloses() {
        let help = HelpController()
        XCTAssertEqual(help.mode, .help)
        XCTAssertTrue(drawn(help).first?.hasPrefix("Keys (vim and arrows)") ?? false, "the first heading")
        XCTAssertEqual(help.perform(.up, in: area), .redraw)
        XCTAssertEqual(help.view.scroll, 0)
        _ = help.perform(.bottom, in: area)
        let last = HelpView.maximumScroll(width: area.width, height: area.height)
        XCTAssertGreaterThan(last, 0)
        XCTAssertEqual(help.view.scroll, last)
        _ = help.perform(.pageDown, in: area)
        XCTAssertEqual(help.view.scroll, last, "not past the last page")
        _ = help.perform(.top, in: area)
        guard case .say(let message) = help.search(for: "commit", forward: true, again: false, in: area) else {
            return XCTFail("a search says what it found")
        }
        XCTAssertFalse(message.isError, message.text)
        XCTAssertGreaterThan(help.view.scroll, 0, "scrolled to the line found")
        XCTAssertEqual(help.view.searchText, "commit", "the text found is marked")
        XCTAssertEqual(help.perform(.cancel, in: area), .close)
        XCTAssertEqual(help.perform(.editCell, in: area), .notAKey)
    }
}
