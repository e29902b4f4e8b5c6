import XCTest
@testable import Browser

/// Column widths fitted to headers and data by display width.
final class ColumnWidthsTests: XCTestCase {
    func testWidthIsTheWidestOfHeaderAndValues() {
        let columns = [GridColumn(name: "id", kind: .integer), GridColumn(name: "name", kind: .text)]
        let rows: [[GridValue]] = [[.integer(7), .text("Ada")], [.integer(12345), .text("Grace")]]
        // "id" + sort slot = 3 vs "12345" = 5; "name" + 1 = 5 vs "Grace" = 5.
        XCTAssertEqual(ColumnWidths.fit(columns: columns, rows: rows), [5, 5])
    }

    func testWideCharactersCountTwice() {
        let columns = [GridColumn(name: "n")]
        XCTAssertEqual(ColumnWidths.fit(columns: columns, rows: [[.text("漢字漢")]]), [6])
        XCTAssertEqual(ColumnWidths.fit(columns: columns, rows: [[.text("😀x")]]), [3])
    }

    func testBounds() {
        let columns = [GridColumn(name: "a"), GridColumn(name: "b")]
        let rows: [[GridValue]] = [[.null, .text(String(repeating: "x", count: 100))]]
        XCTAssertEqual(ColumnWidths.fit(columns: columns, rows: rows), [3, 40])
        XCTAssertEqual(ColumnWidths.fit(columns: columns, rows: rows, minimum: 5, maximum: 12), [5, 12])
        XCTAssertEqual(ColumnWidths.fit(columns: columns, rows: rows, minimum: 6, maximum: 2), [6, 6])
    }

    func testMissingValuesAndEmptyRows() {
        let columns = [GridColumn(name: "longer header"), GridColumn(name: "x")]
        XCTAssertEqual(ColumnWidths.fit(columns: columns, rows: [[.integer(1)]]), [14, 3])
        XCTAssertEqual(ColumnWidths.fit(columns: [], rows: []), [])
    }
}
