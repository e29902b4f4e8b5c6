import XCTest
@testable import Browser

/// The display width function (glibc wcwidth semantics).
final class TextWidthTests: XCTestCase {
    func testASCIIIsOneColumnPerCharacter() {
        XCTAssertEqual(TextWidth.of("hello, world"), 12)
        XCTAssertEqual(TextWidth.of(""), 0)
        XCTAssertEqual(TextWidth.of(" "), 1)
    }

    func testAccentedLetterIsOneColumnPrecomposedOrDecomposed() {
        XCTAssertEqual(TextWidth.of("\u{E9}"), 1)
        XCTAssertEqual(TextWidth.of("e\u{301}"), 1, "the combining acute accent is zero width")
        XCTAssertEqual(TextWidth.of("caf\u{E9}"), TextWidth.of("cafe\u{301}"))
    }

    func testCJKIsTwoColumnsPerCharacter() {
        XCTAssertEqual(TextWidth.of("漢字"), 4)
        XCTAssertEqual(TextWidth.of("日本語abc"), 9)
    }

    func testHangulSyllablesAreWideAndConjoiningJamoFollowWcwidth() {
        XCTAssertEqual(TextWidth.of("한국어"), 6)
        // Leading consonant 2, vowel and final consonant 0, as glibc measures them.
        XCTAssertEqual(TextWidth.of("\u{1100}\u{1161}\u{11A8}"), 2)
    }

    func testFullwidthFormsAreWide() {
        XCTAssertEqual(TextWidth.of("Ａ"), 2)
        XCTAssertEqual(TextWidth.of("ＡＢ１"), 6)
        XCTAssertEqual(TextWidth.of("\u{3000}"), 2, "ideographic space")
    }

    func testEmojiWithDefaultEmojiPresentationIsWide() {
        XCTAssertEqual(TextWidth.of("😀"), 2)
        XCTAssertEqual(TextWidth.of("🤔"), 2)
        XCTAssertEqual(TextWidth.of("🚀"), 2)
    }

    /// ncurses and tmux add up the widths of the scalars of a cluster, so a ZWJ family of three
    /// people is 2 + 0 + 2 + 0 + 2 = 6 columns, even though many terminals draw one glyph. We
    /// measure the same way so that ncurses' cursor and our buffer agree.
    func testZeroWidthJoinerSequenceIsTheSumOfItsScalars() {
        let family = "👨\u{200D}👩\u{200D}👧"
        XCTAssertEqual(family.count, 1, "one grapheme cluster")
        XCTAssertEqual(TextWidth.of(family), 6)
        XCTAssertEqual(TextWidth.of(Character(family)), 6)
        XCTAssertEqual(TextWidth.of(scalar: "\u{200D}"), 0)
    }

    func testOtherMultiScalarClustersArePerScalarToo() {
        XCTAssertEqual(TextWidth.of("❤\u{FE0F}"), 1, "U+2764 is narrow and VS16 is zero width")
        XCTAssertEqual(TextWidth.of("🇯🇵"), 2, "two regional indicators, one column each")
        XCTAssertEqual(TextWidth.of("👍🏽"), 4, "skin tone modifiers are wide on their own")
    }

    func testZeroWidthAndFormatCharacters() {
        XCTAssertEqual(TextWidth.of(scalar: "\u{200B}"), 0)
        XCTAssertEqual(TextWidth.of(scalar: "\u{FE0F}"), 0)
        XCTAssertEqual(TextWidth.of(scalar: "\u{20DD}"), 0, "enclosing circle (Me)")
        XCTAssertEqual(TextWidth.of(scalar: "\u{AD}"), 1, "soft hyphen is visible in wcwidth")
        XCTAssertEqual(TextWidth.of(scalar: "\u{1B}"), 0, "controls are sanitised before display")
        XCTAssertEqual(TextWidth.of(scalar: "\u{85}"), 0)
    }

    func testSymbolsTheWidgetsDrawAreOneColumn() {
        for symbol in ["│", "…", "∅", "▲", "▼", "↵", "⇥", "␍", "⠋", "⠏", "█"] {
            XCTAssertEqual(TextWidth.of(symbol), 1, symbol)
        }
    }

    func testStringSubstringAndCharacterAgree() {
        let text = "a漢e\u{301}😀"
        XCTAssertEqual(TextWidth.of(text), 1 + 2 + 1 + 2)
        XCTAssertEqual(TextWidth.of(text.dropFirst()), 5)
        XCTAssertEqual(text.map(TextWidth.of).reduce(0, +), TextWidth.of(text))
    }

    func testTablesAreSortedNonOverlappingPairs() {
        for table in [TextWidth.zeroWidthRanges, TextWidth.wideRanges] {
            XCTAssertEqual(table.count % 2, 0)
            var previousEnd: UInt32?
            for pair in stride(from: 0, to: table.count, by: 2) {
                XCTAssertLessThanOrEqual(table[pair], table[pair + 1])
                if let previousEnd {
                    XCTAssertGreaterThan(table[pair], previousEnd)
                }
                previousEnd = table[pair + 1]
            }
        }
    }
}
