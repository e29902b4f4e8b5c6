import XCTest
@testable import Browser

/// Mapping theme colours to terminals with fewer colours.
final class ThemeDowngradeTests: XCTestCase {
    func testTrueColourTerminalsKeepRGB() {
        XCTAssertEqual(Color.rgb(1, 2, 3).downgraded(toColors: 1 << 24), .rgb(1, 2, 3))
    }

    func testRGBMapsToTheNearestPaletteEntry() {
        XCTAssertEqual(Color.rgb(0x26, 0x8B, 0xD2).downgraded(toColors: 256), .indexed(32))
        XCTAssertEqual(Color.rgb(255, 0, 0).downgraded(toColors: 256), .indexed(196))
        XCTAssertEqual(Color.rgb(128, 128, 128).downgraded(toColors: 256), .indexed(244), "greys use the grey ramp")
        XCTAssertEqual(Color.indexed(100).downgraded(toColors: 256), .indexed(100))
    }

    func testSixteenColours() {
        XCTAssertEqual(Color.rgb(0x26, 0x8B, 0xD2).downgraded(toColors: 16), .ansi(6))
        XCTAssertEqual(Color.indexed(237).downgraded(toColors: 16), .ansi(0))
        XCTAssertEqual(Color.indexed(9).downgraded(toColors: 16), .ansi(9))
        XCTAssertEqual(Color.indexed(196).downgraded(toColors: 16), .ansi(9))
        XCTAssertEqual(Color.ansi(12).downgraded(toColors: 16), .ansi(12))
    }

    func testEightColoursDropBrightness() {
        XCTAssertEqual(Color.ansi(9).downgraded(toColors: 8), .ansi(1))
        XCTAssertEqual(Color.rgb(255, 255, 255).downgraded(toColors: 8), .ansi(7))
        XCTAssertEqual(Color.default.downgraded(toColors: 8), .default)
    }

    func testPaletteValues() {
        XCTAssertTrue(ColorPalette.rgb(ofIndex: 16) == (0, 0, 0))
        XCTAssertTrue(ColorPalette.rgb(ofIndex: 231) == (255, 255, 255))
        XCTAssertTrue(ColorPalette.rgb(ofIndex: 232) == (8, 8, 8))
        XCTAssertTrue(ColorPalette.rgb(ofIndex: 255) == (238, 238, 238))
    }

    func testThemeDowngradeKeepsAttributesAndOnlyUsesAvailableColours() throws {
        let text = try String(contentsOf: themesDirectory().appendingPathComponent("solarized.theme"), encoding: .utf8)
        let solarized = try ThemeParser.parse(text, file: "solarized.theme")
        let sixteen = solarized.downgraded(toColors: 16)
        for element in ThemeElement.allCases {
            XCTAssertEqual(sixteen[element].attributes, solarized[element].attributes)
            for color in [sixteen[element].foreground, sixteen[element].background] {
                switch color {
                case .default, .ansi:
                    break
                default:
                    XCTFail("\(element): \(color) needs more than 16 colours")
                }
            }
        }
        XCTAssertNotEqual(sixteen[.cursorCell].background, sixteen[.text].background, "the cursor stays visible")
    }

    func testFewerThanEightColoursGiveMonochrome() {
        XCTAssertEqual(Theme.builtinDefault.downgraded(toColors: 2), Theme.monochrome)
        XCTAssertEqual(Theme.builtinDefault.downgraded(toColors: 256)[.cursorRow], Theme.builtinDefault[.cursorRow])
    }
}
