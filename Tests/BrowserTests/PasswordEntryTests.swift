import XCTest

@testable import Browser

/// The password line: what each byte typed does, the terminal's echo and editing off.
final class PasswordEntryTests: XCTestCase {
    private func type(_ bytes: [UInt8]) -> PasswordEntry.Outcome? {
        var entry = PasswordEntry()
        for byte in bytes {
            if let outcome = entry.take(byte) {
                return outcome
            }
        }
        return nil
    }

    func testEnterEndsWithWhatWasTyped() {
        XCTAssertEqual(type(Array("s3cret\r".utf8)), .entered("s3cret"))
        XCTAssertEqual(type(Array("s3cret\n".utf8)), .entered("s3cret"))
        XCTAssertEqual(type([0x0D]), .entered(""))
        XCTAssertNil(type(Array("no end yet".utf8)))
    }

    /// Backspace takes off a whole character, however many bytes it has; Ctrl-U the line.
    func testBackspaceAndControlUEdit() {
        XCTAssertEqual(type(Array("pässx".utf8) + [0x7F, 0x7F, 0x7F] + Array("ss\r".utf8)), .entered("päss"))
        XCTAssertEqual(type(Array("日本".utf8) + [0x08] + Array("\r".utf8)), .entered("日"))
        XCTAssertEqual(type([0x7F] + Array("a\r".utf8)), .entered("a"), "Backspace on an empty line does nothing")
        XCTAssertEqual(type(Array("wrong".utf8) + [0x15] + Array("right\r".utf8)), .entered("right"))
    }

    /// Ctrl-C cancels; Ctrl-D cancels on an empty line only; other control bytes are not typed.
    func testControlCAndControlDCancel() {
        XCTAssertEqual(type(Array("abc".utf8) + [0x03]), .cancelled)
        XCTAssertEqual(type([0x04]), .cancelled)
        XCTAssertEqual(type(Array("ab".utf8) + [0x04, 0x1B, 0x09] + Array("c\r".utf8)), .entered("abc"))
    }
}
