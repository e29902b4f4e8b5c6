import ORMCore
import XCTest
@testable import Browser

/// The pivot table on SQLite, on the screen: `!` marks the key column (the rows), `W` on another
/// column makes its values the columns, each cell the count of rows or the first aggregate set
/// with `+`, with a `Total` column and a totals row that stays last; `Enter` on a cell opens the
/// rows behind it and `q` goes back.
final class PivotScreenTests: XCTestCase {
    private var fixture: BrowserFixture!

    override func setUpWithError() throws {
        fixture = try BrowserFixture.withSales()
    }

    override func tearDown() {
        fixture.remove()
    }

    private func screen(_ keys: String, columns: Int = 100) throws -> [String] {
        try XCTUnwrap(fixture.headless(keys, columns: columns, rows: 10, table: "sales").last)
    }

    func testWCountsTheRowsOfEachKeyAndValueWithTotalsOnBothEdges() throws {
        let lines = try screen("l!lW")
        assertScreen(Array(lines.prefix(5)), [
            " │region │2023 │2024 │Total │",
            "1│∅      │    0│    1│     1│",
            "2│north  │    2│    1│     3│",
            "3│south  │    1│    1│     2│",
            "4│Total  │    3│    3│     6│",
        ])
        XCTAssertTrue(lines.last?.hasPrefix(" PIVOT ") ?? false, lines.last ?? "")
        XCTAssertTrue(lines.last?.contains("count by region and year in sales") ?? false, lines.last ?? "")
    }

    func testTheCellsAreTheFirstAggregateSet() throws {
        let lines = try screen("l!ll+s+ahW")
        assertScreen(Array(lines.prefix(5)), [
            " │region │2023 │2024    │Total   │",
            "1│∅      │    ∅│    1.00│    1.00│",
            "2│north  │30.00│1,500.50│1,530.50│",
            "3│south  │ 5.00│    7.00│   12.00│",
            "4│Total  │35.00│1,508.50│1,543.50│",
        ])
    }

    func testSortingByAColumnKeepsTheTotalsRowLast() throws {
        let lines = try screen("l!lW$s")
        XCTAssertTrue(lines[0].contains("Total▲"), lines[0])
        XCTAssertTrue(lines[1].hasPrefix("1│∅ "), lines[1])
        XCTAssertTrue(lines[2].hasPrefix("2│south "), lines[2])
        XCTAssertTrue(lines[3].hasPrefix("3│north "), lines[3])
        XCTAssertTrue(lines[4].hasPrefix("4│Total "), lines[4])
        let descending = try screen("l!lW$ss")
        XCTAssertTrue(descending[1].hasPrefix("1│north "), descending[1])
        XCTAssertTrue(descending[4].hasPrefix("4│Total "), descending[4])
    }

    func testEnterOnACellOpensTheRowsOfBothValuesAndQGoesBack() throws {
        let cell = try screen("l!lWjll<Enter>")
        XCTAssertTrue(cell.last?.contains("sales where region = 'north' AND year = 2024  1/1") ?? false, cell.last ?? "")
        XCTAssertTrue(cell.joined().contains("1500.5"))
        let null = try screen("l!lWll<Enter>")
        XCTAssertTrue(null.last?.contains("sales where region IS NULL AND year = 2024  1/1") ?? false, null.last ?? "")
        let total = try screen("l!lWj$<Enter>")
        XCTAssertTrue(total.last?.contains("sales where region = 'north'  1/3") ?? false, total.last ?? "")
        let totals = try screen("l!lWGl<Enter>")
        XCTAssertTrue(totals.last?.contains("sales where year = 2023  1/3") ?? false, totals.last ?? "")
        let back = try screen("l!lWjll<Enter>q")
        XCTAssertTrue(back.last?.hasPrefix(" PIVOT ") ?? false, back.last ?? "")
    }

    func testTheViewsFilterHoldsInTheTableAndTheCellsRows() throws {
        let lines = try screen("fqty > 1<Enter>l!lW")
        XCTAssertTrue(lines[0].hasPrefix(" │region │2024 │2023 │Total │"), "2024 is the more frequent now: \(lines[0])")
        XCTAssertTrue(lines[2].hasPrefix("2│north  │    1│    1│     2│"), lines[2])
        let rows = try screen("fqty > 1<Enter>l!lWjll<Enter>", columns: 120)
        XCTAssertTrue(rows.last?.contains("sales where region = 'north' AND year = 2023  1/1  id  filter qty > 1") ?? false, rows.last ?? "")
    }

    func testAPivotTableExportsInItsOrderWithoutItsHiddenColumn() throws {
        let file = fixture.directory.appendingPathComponent("pivot.csv").path
        let lines = try screen("l!lW$sX\(file)<Enter>")
        XCTAssertTrue(lines.last?.contains("exported 4 rows to \(file)") ?? false, lines.last ?? "")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        XCTAssertEqual(text.split(separator: "\r\n"), [
            "region,2023,2024,Total", ",0,1,1", "south,1,1,2", "north,2,1,3", "Total,3,3,6",
        ])
    }

    func testWSaysWhatItNeeds() throws {
        let none = try screen("lW")
        XCTAssertTrue(none.last?.contains("no key column: ! on a column makes it the rows") ?? false, none.last ?? "")
        let same = try screen("l!W")
        XCTAssertTrue(same.last?.contains("move to another column than the key column") ?? false, same.last ?? "")
        let median = try screen("l!ll+mhW")
        XCTAssertTrue(median.last?.contains("SQLite has no median built in") ?? false, median.last ?? "")
    }

    func testTheHelpListsW() throws {
        let help = try fixture.screen("?", columns: 120, rows: 100, table: "sales")
        XCTAssertTrue(help.contains { $0.hasPrefix("  W ") && $0.contains("pivot: rows by the key column (!)") }, help.joined(separator: "\n"))
    }

    func testEscStopsAPivotStillComputing() throws {
        try Database(path: fixture.path).executeScript("""
            CREATE VIEW endless_rows AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x, x % 3 AS k FROM c;
            """)
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "endless_rows")
        app.resize(columns: 80, rows: 6)
        for case .key(let key) in try KeyScript.parse("l!hW") {
            _ = app.handle(key)
        }
        XCTAssertNotNil(app.pending.work, "the values of endless rows are still being counted")
        XCTAssertEqual(app.handle(.escape), .redraw, "Esc stops it")
        XCTAssertNil(app.pending.work)
        XCTAssertNotEqual(app.state.top.mode, .pivot)
    }
}
