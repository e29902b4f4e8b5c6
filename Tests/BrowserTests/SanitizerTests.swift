import XCTest
@testable import Browser

/// That no control or bidi character ever reaches the terminal.
final class SanitizerTests: XCTestCase {
    func testEscapeSequencesNeverSurvive() {
        let cleaned = Sanitizer.sanitize("\u{1B}[31mred\u{1B}[0m")
        XCTAssertEqual(cleaned, "^[[31mred^[[0m")
        XCTAssertFalse(cleaned.unicodeScalars.contains { $0.value == 0x1B })
        XCTAssertEqual(Sanitizer.sanitize("\u{1B}]0;title\u{7}"), "^[]0;title^G", "OSC with BEL")
        XCTAssertEqual(Sanitizer.sanitize("\u{9B}2J"), "<U+009B>2J", "8-bit CSI")
    }

    func testWhitespaceControlsGetSymbols() {
        XCTAssertEqual(Sanitizer.sanitize("a\nb\tc\rd"), "a↵b⇥c␍d")
        XCTAssertEqual(Sanitizer.sanitize("line\r\n"), "line␍↵", "CRLF is one Swift character but two controls")
    }

    func testOtherC0ControlsUseCaretNotation() {
        XCTAssertEqual(Sanitizer.sanitize("\u{0}"), "^@")
        XCTAssertEqual(Sanitizer.sanitize("\u{1}"), "^A")
        XCTAssertEqual(Sanitizer.sanitize("\u{8}"), "^H")
        XCTAssertEqual(Sanitizer.sanitize("\u{1F}"), "^_")
        XCTAssertEqual(Sanitizer.sanitize("\u{7F}"), "^?")
    }

    func testC1ControlsUseCodePointNotation() {
        XCTAssertEqual(Sanitizer.sanitize("\u{80}"), "<U+0080>")
        XCTAssertEqual(Sanitizer.sanitize("a\u{85}b"), "a<U+0085>b")
        XCTAssertEqual(Sanitizer.sanitize("\u{9F}"), "<U+009F>")
    }

    func testBidiControlsAreMadeVisible() {
        XCTAssertEqual(Sanitizer.sanitize("\u{202E}txt.exe"), "<U+202E>txt.exe")
        XCTAssertEqual(Sanitizer.sanitize("\u{2066}x\u{2069}"), "<U+2066>x<U+2069>")
        XCTAssertEqual(Sanitizer.sanitize("\u{200E}\u{200F}"), "<U+200E><U+200F>")
        XCTAssertEqual(Sanitizer.sanitize("\u{202A}"), "<U+202A>")
    }

    func testPrintableTextIsUnchanged() {
        for text in ["", "hello", "漢字", "😀 🏳️🌈 ❤️ 1️⃣", "e\u{301}", "\u{A0}nbsp", "Ａ"] {
            XCTAssertEqual(Sanitizer.sanitize(text), text)
        }
        // The joiner is not drawn: terminals disagree on how wide the sequence it makes is.
        XCTAssertEqual(Sanitizer.sanitize("👨\u{200D}👩\u{200D}👧 a\u{200D}b"), "👨👩👧 ab")
    }

    func testOutputNeverContainsAControlAndIsIdempotent() {
        var everyLowScalar = ""
        for value in 0..<0x100 {
            if let scalar = Unicode.Scalar(value) {
                everyLowScalar.unicodeScalars.append(scalar)
            }
        }
        everyLowScalar += "\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}\u{2066}\u{2067}\u{2068}\u{2069}\u{061C}"
        let cleaned = Sanitizer.sanitize(everyLowScalar)
        XCTAssertFalse(cleaned.unicodeScalars.contains(where: Sanitizer.needsReplacement))
        XCTAssertEqual(Sanitizer.sanitize(cleaned), cleaned)
    }
}
