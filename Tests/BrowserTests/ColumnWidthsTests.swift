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

    /// A column widened by a wide value narrows again once the value scrolls away (as VisiData
    /// and DB Browser size columns to what is shown); a width set with `>` stays as set.
    func testColumnsNarrowAgainWhenWideValuesScrollAway() throws {
        let fixture = try BrowserFixture()
        defer { fixture.remove() }
        let screens = try fixture.headless("<dump>G<dump>gg<dump>", columns: 120, rows: 4, table: "albums")
        XCTAssertEqual(screens[0][0], "Tables (5)        │ │id │artist_id │title │cover                  │notes                                   │price │")
        XCTAssertEqual(screens[1][0], "Tables (5)        │ │id │artist_id │title │cover     │notes            │price │", screens[1].joined(separator: "\n"))
        XCTAssertEqual(screens[2][0], screens[0][0], "wide again when the wide values are back")
        let set = try fixture.headless("G$h>>>>gg<dump>G", columns: 120, rows: 4, table: "albums")
        for screen in set {
            XCTAssertTrue(screen[0].contains("│notes                │"), "notes keeps the width set with >: " + screen[0])
        }
    }
}
