import XCTest
@testable import Browser

/// Truncation, padding, scrolling and wrapping by display width.
final class TextLayoutTests: XCTestCase {
    func testTruncateLeavesShortTextAlone() {
        XCTAssertEqual(TextLayout.truncate("abc", toWidth: 3), "abc")
        XCTAssertEqual(TextLayout.truncate("漢字", toWidth: 4), "漢字")
    }

    func testTruncateCutsByDisplayWidthWithEllipsis() {
        XCTAssertEqual(TextLayout.truncate("database", toWidth: 5), "data…")
        XCTAssertEqual(TextLayout.truncate("漢字漢字", toWidth: 4), "漢…", "a wide character is never cut in half")
        XCTAssertEqual(TextLayout.truncate("漢字漢字", toWidth: 5), "漢字…")
        XCTAssertEqual(TextLayout.truncate("abc", toWidth: 1), "…")
        XCTAssertEqual(TextLayout.truncate("abc", toWidth: 0), "")
        XCTAssertEqual(TextLayout.truncate("cafe\u{301}s", toWidth: 5), "cafe\u{301}s")
        XCTAssertEqual(TextLayout.truncate("cafe\u{301}st", toWidth: 5), "cafe\u{301}…")
        XCTAssertEqual(TextLayout.truncate("abcdef", toWidth: 4, ellipsis: ""), "abcd")
    }

    func testTruncatedTextNeverExceedsTheWidth() {
        let samples = ["😀😀😀", "a漢b字c", "👨\u{200D}👩\u{200D}👧 family", "plain text"]
        for sample in samples {
            for width in 0...12 {
                XCTAssertLessThanOrEqual(TextWidth.of(TextLayout.truncate(sample, toWidth: width)), width, "\(sample) @\(width)")
            }
        }
    }

    func testPaddingUsesDisplayWidth() {
        XCTAssertEqual(TextLayout.padRight("漢", toWidth: 4), "漢  ")
        XCTAssertEqual(TextLayout.padLeft("42", toWidth: 5), "   42")
        XCTAssertEqual(TextLayout.padLeft("toolong", toWidth: 3), "toolong")
    }

    func testFitTruncatesThenAligns() {
        XCTAssertEqual(TextLayout.fit("12345", toWidth: 3, alignment: .right), "12…")
        XCTAssertEqual(TextLayout.fit("7", toWidth: 3, alignment: .right), "  7")
        XCTAssertEqual(TextLayout.fit("ab", toWidth: 5, alignment: .center), " ab  ")
        XCTAssertEqual(TextLayout.fit("漢", toWidth: 3), "漢 ")
    }

    func testPrefixFittingWidth() {
        let (text, width) = TextLayout.prefix("ab漢c", fittingWidth: 3)
        XCTAssertEqual(text, "ab")
        XCTAssertEqual(width, 2)
    }

    func testDropLeadingColumns() {
        XCTAssertEqual(TextLayout.dropLeading("abcdef", columns: 2), "cdef")
        XCTAssertEqual(TextLayout.dropLeading("漢字ab", columns: 2), "字ab")
        XCTAssertEqual(TextLayout.dropLeading("漢字ab", columns: 1), " 字ab", "half a wide character becomes a space")
        XCTAssertEqual(TextLayout.dropLeading("e\u{301}x", columns: 1), "x")
        XCTAssertEqual(TextLayout.dropLeading("ab", columns: 5), "")
    }

    func testWrapBreaksAtSpaces() {
        XCTAssertEqual(TextLayout.wrap("the quick brown fox", width: 10), ["the quick", "brown fox"])
        XCTAssertEqual(TextLayout.wrap("hello world", width: 5), ["hello", "world"])
        XCTAssertEqual(TextLayout.wrap("a  b", width: 1), ["a", "b"])
    }

    func testWrapBreaksLongWordsAndWideCharacters() {
        XCTAssertEqual(TextLayout.wrap("abcdefghij", width: 4), ["abcd", "efgh", "ij"])
        XCTAssertEqual(TextLayout.wrap("漢字漢字漢", width: 5), ["漢字", "漢字", "漢"])
        XCTAssertEqual(TextLayout.wrap("a漢", width: 1), ["a", "漢"], "too wide for any line: alone on its own")
    }

    func testWrapKeepsEmptyAndShortLines() {
        XCTAssertEqual(TextLayout.wrap("", width: 5), [""])
        XCTAssertEqual(TextLayout.wrap("ok", width: 5), ["ok"])
        XCTAssertEqual(TextLayout.wrap(" abc", width: 2), [" a", "bc"])
    }

    func testWrappedLinesFitTheWidth() {
        let text = "SQLite 是一个 C 语言库，它实现了一个小型、快速、独立、高可靠性、功能齐全的 SQL 数据库引擎 😀 ok"
        for width in 2...20 {
            for line in TextLayout.wrap(text, width: width) {
                XCTAssertLessThanOrEqual(TextWidth.of(line), width, "width \(width): \(line)")
            }
        }
    }
}
