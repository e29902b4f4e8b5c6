import XCTest

/// Checks for an order of texts given as a collation's comparison of bytes (reef's store
/// collations): `compare` of two strings, and a list that must come out strictly in order.
struct TextOrderChecks {
    /// The comparison under test.
    let order: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> Int

    /// `order` of two strings' UTF-8 bytes.
    func compare(_ left: String, _ right: String) -> Int {
        var left = left, right = right
        return left.withUTF8 { a in right.withUTF8 { b in order(UnsafeRawBufferPointer(a), UnsafeRawBufferPointer(b)) } }
    }

    /// Asserts every text of `ordered` equal to itself, before every later one and after every
    /// earlier one, and that sorting a shuffle gives `ordered` back.
    func assertStrictlyOrdered(_ ordered: [String], file: StaticString = #filePath, line: UInt = #line) {
        for (index, text) in ordered.enumerated() {
            XCTAssertEqual(compare(text, text), 0, text, file: file, line: line)
            for later in ordered[(index + 1)...] {
                XCTAssertLessThan(compare(text, later), 0, "\(text) before \(later)", file: file, line: line)
                XCTAssertGreaterThan(compare(later, text), 0, "\(later) after \(text)", file: file, line: line)
            }
        }
        XCTAssertEqual(ordered.shuffled().sorted { compare($0, $1) < 0 }, ordered, file: file, line: line)
    }
}
