import XCTest
@testable import Browser

/// The theme file format and its error messages.
final class ThemeParserTests: XCTestCase {
    func testParsesColoursAndAttributes() throws {
        let theme = try ThemeParser.parse("""
            # comment
            name = Test

            header = #268bd2 default bold
            null = bright-black default italic dim
            cursorCell = black cyan bold
            number = color208 color0
            """, file: "test.theme")
        XCTAssertEqual(theme.name, "Test")
        XCTAssertEqual(theme[.header], Style(foreground: .rgb(0x26, 0x8B, 0xD2), background: .default, attributes: .bold))
        XCTAssertEqual(theme[.null], Style(foreground: .ansi(8), background: .default, attributes: [.italic, .dim]))
        XCTAssertEqual(theme[.cursorCell], Style(foreground: .ansi(0), background: .ansi(6), attributes: .bold))
        XCTAssertEqual(theme[.number], Style(foreground: .indexed(208), background: .indexed(0)))
    }

    func testMissingElementsComeFromTheBuiltinDefault() throws {
        let theme = try ThemeParser.parse("header = red default\n", file: "small.theme")
        XCTAssertEqual(theme[.header], Style(foreground: .ansi(1)))
        XCTAssertEqual(theme[.cursorCell], Theme.builtinDefault[.cursorCell])
        XCTAssertEqual(theme.name, "small.theme", "no name: the file name")
    }

    func testInheritsChoosesTheBase() throws {
        let theme = try ThemeParser.parse("inherits = monochrome\nheader = red default\n", file: "m.theme")
        XCTAssertEqual(theme[.cursorCell], Theme.monochrome[.cursorCell])
        XCTAssertEqual(theme[.header], Style(foreground: .ansi(1)))
        let custom = try ThemeParser.parse("inherits = mine\n", file: "c.theme") { name in
            name == "mine" ? Theme(name: "mine", styles: [.text: Style(foreground: .ansi(3))]) : nil
        }
        XCTAssertEqual(custom[.text], Style(foreground: .ansi(3)))
    }

    func testNamesAreCaseInsensitive() throws {
        let theme = try ThemeParser.parse("CursorCELL = BRIGHT-White #FFFFFF Bold\n", file: "t")
        XCTAssertEqual(theme[.cursorCell], Style(foreground: .ansi(15), background: .rgb(255, 255, 255), attributes: .bold))
    }

    func testErrorsNameTheFileAndLine() {
        assertThemeError("name = x\n\nheader = blu default\n", "bad.theme:3: header: unknown colour \"blu\" "
            + "(use default, black..white, bright-black..bright-white, color0..color255 or #rrggbb)")
        assertThemeError("text = red\n", "bad.theme:1: text: expected a foreground and a background colour, got \"red\"")
        assertThemeError("# ok\nheadr = red default\n", "bad.theme:2: unknown element \"headr\"")
        assertThemeError("header red default\n", "bad.theme:1: expected \"element = foreground background [attributes]\", got \"header red default\"")
        assertThemeError("text = red default blink\n", "bad.theme:1: text: unknown attribute \"blink\" (use bold, dim, italic, underline, reverse)")
        assertThemeError("text = red default\n\ntext = blue default\n", "bad.theme:3: \"text\" is already set on line 1")
        assertThemeError("name = a\ninherits = nothing\n", "bad.theme:2: unknown theme \"nothing\" to inherit from")
    }

    func testColourWords() {
        XCTAssertEqual(ThemeParser.parseColor("default"), .default)
        XCTAssertEqual(ThemeParser.parseColor("white"), .ansi(7))
        XCTAssertEqual(ThemeParser.parseColor("bright-red"), .ansi(9))
        XCTAssertEqual(ThemeParser.parseColor("color255"), .indexed(255))
        XCTAssertEqual(ThemeParser.parseColor("#00ff7F"), .rgb(0, 255, 127))
        for bad in ["color256", "color", "color+1", "#12345", "#1234567", "#gg0000", "#+12345", "bright-", "grey", ""] {
            XCTAssertNil(ThemeParser.parseColor(bad), bad)
        }
    }

    func testThemeSubscriptCoversEveryElement() {
        let theme = Theme(name: "partial", styles: [.header: Style(attributes: .bold)])
        XCTAssertEqual(theme.styles.count, ThemeElement.allCases.count)
        XCTAssertEqual(theme[.text], .plain)
    }

    /// Asserts that parsing `text` fails with exactly `message`.
    private func assertThemeError(_ text: String, _ message: String, line: UInt = #line) {
        XCTAssertThrowsError(try ThemeParser.parse(text, file: "bad.theme"), line: line) { error in
            XCTAssertEqual((error as? ThemeError)?.description, message, line: line)
        }
    }
}
