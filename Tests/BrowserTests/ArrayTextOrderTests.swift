import XCTest

@testable import Browser

/// The order of PostgreSQL's arrays kept as text: element by element, by the element type's order.
final class ArrayTextOrderTests: XCTestCase {
    func testArraysOfNumbersAreOrderedElementByElement() {
        let checks = TextOrderChecks(order: ArrayTextOrder(elements: .numbers, collator: nil).compare)
        checks.assertStrictlyOrdered(["{}", "{-3}", "{1}", "{1,2}", "{1,10}", "{1,NULL}", "{1.5,1}", "{9}", "{10}", "{10.5}",
                                      "{{11,1},{2,2}}", "{NULL}", "not an array"])
        XCTAssertEqual(checks.compare("{1.50,2}", "{1.5,2.0}"), 0, "by value, not text")
        XCTAssertEqual(checks.compare("[0:1]={1,2}", "{1,2}"), 0, "bounds skipped")
    }

    func testArraysOfTextReadQuotesAndNulls() {
        let checks = TextOrderChecks(order: ArrayTextOrder(elements: .text, collator: nil).compare)
        checks.assertStrictlyOrdered(["{}", "{\"\"}", "{a}", "{a,\"NULL\"}", "{a,z}", "{a,NULL}", "{\"a b\"}", "{\"a\\\"b\"}", "{b}"])
        let elements = Array(#"{"a,b",NULL,"c\\d", e f }"#.utf8).withUnsafeBytes { ArrayTextOrder.elements(of: $0) }
        XCTAssertEqual(elements?.map { $0.map { String(decoding: $0, as: UTF8.self) } }, ["a,b", nil, #"c\d"#, "e f"])
    }

    func testElementTypesAreReadFromTheServersTypeName() {
        XCTAssertEqual(ArrayTextOrder.elements(ofType: "integer[]"), .numbers)
        XCTAssertEqual(ArrayTextOrder.elements(ofType: "numeric(10,2)[]"), .numbers)
        XCTAssertEqual(ArrayTextOrder.elements(ofType: "double precision[]"), .numbers)
        XCTAssertEqual(ArrayTextOrder.elements(ofType: "character varying(20)[]"), .text)
        XCTAssertEqual(ArrayTextOrder.elements(ofType: "timestamp with time zone[]"), .instants)
        XCTAssertEqual(ArrayTextOrder.elements(ofType: "jsonb[]"), .bytes)
        XCTAssertNil(ArrayTextOrder.elements(ofType: "integer"))
    }
}
