import ORMCore
import Synchronization
import XCTest
@testable import Browser

/// `Enter` on a pivot cell on SQLite: the rows it opens are exactly the rows the cell counts (its
/// `other` column and a NULL key or value too), and finding whether the cursor row is the totals
/// row runs no statement over the pivot table (which groups every row again).
final class PivotCellRowsTests: XCTestCase {
    private var fixture: BrowserFixture!

    override func setUpWithError() throws {
        fixture = try BrowserFixture.withSales()
        try Database(path: fixture.path).executeScript("""
            INSERT INTO sales VALUES (7, 'south', 2025, 2.0, 7), (8, 'north', NULL, 4.0, 8), (9, NULL, 2026, 3.0, 9);
            """)
    }

    override func tearDown() {
        fixture.remove()
    }

    func testEachCellsRowsAreTheRowsItCounts() throws {
        let database = try fixture.open()
        let query = try PivotQuery(relation: "\(identifier: "sales")", rowColumn: "region", columnColumn: "year", filter: nil, limit: 2)
        let table = try query.table(columns: query.columns(from: try database.fetchRows(try query.frequentValues()).rows))
        XCTAssertEqual(table.columnNames, ["region", "2023", "2024", "other", "Total"])
        let checked = try PivotCellRows.check(table, in: database, table: "sales")
        XCTAssertEqual(checked.rows, 4, "north, south, the NULL region, the totals")
        XCTAssertEqual(checked.cells, 16)
        XCTAssertEqual(checked.failures, [])
        // By year (a NULL year a row of its own), the regions as columns: north, then the others.
        let byYear = try PivotQuery(relation: "\(identifier: "sales")", rowColumn: "year", rowKind: .integer, columnColumn: "region",
                                    columnKind: .text, filter: nil, limit: 1)
        let years = try byYear.table(columns: byYear.columns(from: try database.fetchRows(try byYear.frequentValues()).rows))
        XCTAssertEqual(years.columnNames, ["year", "north", "other", "Total"])
        let checkedYears = try PivotCellRows.check(years, in: database, table: "sales")
        XCTAssertEqual(checkedYears.rows, 6, "2023 to 2026, the NULL year, the totals")
        XCTAssertEqual(checkedYears.failures, [])
    }

    func testEnterOnACellRunsNoStatementOverThePivotTable() throws {
        let statements = Mutex<[String]>([])
        var configuration = Configuration()
        configuration.tracer = { sql in statements.withLock { $0.append(sql) } }
        let database = try Database(path: fixture.path, configuration: configuration)
        for (keys, status) in [("jll", "sales where region = 'north' AND year = 2024  1/1"), ("Gl", "sales where year = 2023  1/3")] {
            let runner = HeadlessRunner(app: try App(database: database, theme: .builtinDefault, initialTable: "sales"), columns: 100, rows: 10)
            runner.run(try KeyScript.parse("l!lW" + keys))
            statements.withLock { $0.removeAll() }
            let shown = try XCTUnwrap(runner.run(try KeyScript.parse("<Enter>")).last)
            XCTAssertTrue(shown.last?.contains(status) ?? false, shown.last ?? "")
            let run = statements.withLock { $0 }
            XCTAssertFalse(run.contains { $0.contains(PivotTable.pinnedColumn) }, run.joined(separator: "\n"))
        }
    }
}
