import ORMCore
import XCTest

@testable import Browser

/// A JSON value an import keeps as text is written back by ORMCore's one JSON string writer
/// (`JSONText.quoted`), so it escapes what every other JSON reef writes escapes: U+007F included.
final class JSONValueTests: XCTestCase {
    func testNestedValuesAreWrittenBackWithTheOneStringWriter() {
        let text = "a\"b\\c\nd\t\u{1B}\u{0}é\u{7F}"
        let value = JSONValue.object([(key: "k\u{7F}", value: .array([.string(text), .number("1.50"), .null]))])
        XCTAssertEqual(value.compactText, #"{"k\u007f":["a\"b\\c\nd\t\u001b\u0000é\u007f",1.50,null]}"#)
        XCTAssertEqual(JSONValue.string(text).compactText, JSONText.quoted(text))
    }

    /// DEL (U+007F) is escaped, as a control character; the printable characters around it are not.
    func testDeleteIsEscapedAndItsNeighboursAreNot() {
        XCTAssertEqual(JSONValue.string("~\u{7F}\u{80}").compactText, "\"~\\u007f\u{80}\"")
    }
}
