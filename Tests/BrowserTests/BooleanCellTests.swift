import ORMCore
import XCTest

@testable import Browser

/// PostgreSQL's `boolean` cells: read in the server's own input forms, shown and edited as `true`
/// and `false`; SQLite's columns declared `BOOLEAN` hold numbers and are left as they were.
final class BooleanCellTests: XCTestCase {
    func testEveryInputFormPostgreSQLTakesIsTakenAndNoOther() throws {
        let taken: [(String, Int64)] = [
            ("true", 1), ("TRUE", 1), ("t", 1), ("tr", 1), ("yes", 1), ("y", 1), ("on", 1), ("1", 1), ("  True ", 1),
            ("false", 0), ("f", 0), ("fal", 0), ("no", 0), ("n", 0), ("off", 0), ("of", 0), ("OFF", 0), ("0", 0),
        ]
        for (text, value) in taken {
            XCTAssertEqual(try CellValueParser.parse(text, declaredType: "boolean", on: .postgres), .integer(value), text)
        }
        for text in ["", "o", "maybe", "2", "truth", "yess", "onn", "-1", "01", "ｔ"] {
            XCTAssertThrowsError(try CellValueParser.parse(text, declaredType: "boolean", on: .postgres), text) { error in
                XCTAssertEqual("\(error)", "invalid input syntax for type boolean: \"\(text)\"")
            }
        }
    }

    func testTrueAndFalseAreShownAndEditedOnPostgreSQLOnly() {
        XCTAssertEqual(CellFormatter.format(.integer(1), kind: .boolean).text, "true")
        XCTAssertEqual(CellFormatter.format(.integer(0), kind: .boolean).text, "false")
        XCTAssertEqual(CellFormatter.format(.null, kind: .boolean).text, "∅")
        XCTAssertEqual(TableSource.kind(ofDeclaredType: "boolean", on: .postgres), .boolean)
        XCTAssertEqual(CellValueParser.editText(for: .integer(0), declaredType: "boolean", on: .postgres), "false")

        // SQLite: a BOOLEAN column has numeric affinity and shows and edits its numbers.
        XCTAssertEqual(TableSource.kind(ofDeclaredType: "BOOLEAN"), .other)
        XCTAssertEqual(CellValueParser.editText(for: .integer(1), declaredType: "BOOLEAN"), "1")
        XCTAssertEqual(try CellValueParser.parse("yes", declaredType: "BOOLEAN"), .text("yes"))
    }

    func testExportsWriteBooleansAsTheirFormatsSpellThem() {
        XCTAssertEqual(CSVEncoder(columns: ["b"]).field(.boolean(true)), "true")
        XCTAssertEqual(JSONRowWriter.json(.boolean(false)), "false")
        XCTAssertEqual(SQLInsertEncoder.literal(.boolean(true)), "TRUE")
    }
}
