import PostgresClient
import PostgresTestSupport
import XCTest

@testable import Browser
@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// The pivot table on PostgreSQL, computed by the server: counts and sums (a `numeric` column) by
/// a text key and an integer column's values, the median (`percentile_cont` over the cell's rows),
/// the totals row of an integer key (no text to label it), and `Enter` on a cell.
final class ReefPivotOnPostgresTests: XCTestCase {
    /// A fresh database holding `sales` (a `numeric` amount, an integer quantity, a NULL region).
    private func makeSales() throws -> String {
        let server = try TestPostgresServer.shared()
        let conninfo = server.connectionString(database: try server.makeDatabase("reef_pivot", for: self))
        try PGConnection(conninfo).executeScript("""
            CREATE TABLE sales (id int PRIMARY KEY, region text, year int, amount numeric(10,2), qty int);
            INSERT INTO sales VALUES (1, 'north', 2023, 10.00, 1), (2, 'north', 2023, 20.00, 2), (3, 'north', 2024, 1500.50, 3000),
              (4, 'south', 2023, 5.00, 4), (5, 'south', 2024, 7.00, 5), (6, NULL, 2024, 1.00, 6), (7, 'north', 2023, 30.00, 7);
            """)
        return conninfo
    }

    /// The final screen of `keys` played on the `sales` table of `conninfo`.
    private func screen(_ conninfo: String, _ keys: String, columns: Int = 120) throws -> [String] {
        let database = try DatabaseOpener.open(conninfo, readOnly: false)
        let app = try App(database: database, theme: .builtinDefault, initialTable: "sales")
        return HeadlessRunner(app: app, columns: columns, rows: 10).run(try KeyScript.parse(keys)).last ?? []
    }

    func testTheServerCountsAndSumsEachKeyAndValueWithTotals() throws {
        let sales = try makeSales()
        XCTAssertEqual(Array(try screen(sales, "l!lW").prefix(5)), [
            " │region │2023 │2024 │Total │",
            "1│north  │    3│    1│     4│",
            "2│south  │    1│    1│     2│",
            "3│∅      │    0│    1│     1│",
            "4│Total  │    4│    3│     7│",
        ])
        XCTAssertEqual(Array(try screen(sales, "l!ll+shW").prefix(5)), [
            " │region │2023 │2024    │Total   │",
            "1│north  │60.00│1,500.50│1,560.50│",
            "2│south  │ 5.00│    7.00│   12.00│",
            "3│∅      │    ∅│    1.00│    1.00│",
            "4│Total  │65.00│1,508.50│1,573.50│",
        ])
    }

    func testEachCellsRowsAreTheRowsItCounts() throws {
        let sales = try makeSales()
        try PGConnection(sales).executeScript("""
            INSERT INTO sales VALUES (8, 'south', 2025, 2.00, 8), (9, 'north', NULL, 4.00, 9), (10, NULL, 2026, 3.00, 10);
            """)
        let database = try DatabaseOpener.open(sales, readOnly: false)
        let byRegion = try PivotQuery(relation: "\(identifier: "sales")", rowColumn: "region", rowKind: .text, columnColumn: "year",
                                      columnKind: .integer, filter: nil, dialect: database.dialect, limit: 2)
        let regions = try byRegion.table(columns: byRegion.columns(from: try database.fetchRows(try byRegion.frequentValues()).rows))
        XCTAssertEqual(regions.columnNames, ["region", "2023", "2024", "other", "Total"])
        let checked = try PivotCellRows.check(regions, in: database, table: "sales")
        XCTAssertEqual(checked.rows, 4, "north, south, the NULL region, the totals")
        XCTAssertEqual(checked.cells, 16)
        XCTAssertEqual(checked.failures, [])
        // An integer key: the totals row's key is NULL as the NULL year's is; the page tells them apart.
        let byYear = try PivotQuery(relation: "\(identifier: "sales")", rowColumn: "year", rowKind: .integer, columnColumn: "region",
                                    columnKind: .text, filter: nil, dialect: database.dialect, limit: 1)
        let years = try byYear.table(columns: byYear.columns(from: try database.fetchRows(try byYear.frequentValues()).rows))
        XCTAssertEqual(years.columnNames, ["year", "north", "other", "Total"])
        let checkedYears = try PivotCellRows.check(years, in: database, table: "sales")
        XCTAssertEqual(checkedYears.rows, 6, "2023 to 2026, the NULL year, the totals")
        XCTAssertEqual(checkedYears.failures, [])
    }

    func testTheMedianIsEachCellsMiddleValue() throws {
        let sales = try makeSales()
        let lines = try screen(sales, "l!ll+mhW")
        XCTAssertTrue(lines[1].hasPrefix("1│north  │20.00│1,500.50│ 25.00│"), lines[1])
        XCTAssertTrue(lines[4].hasPrefix("4│Total  │15.00│    7.00│ 10.00│"), lines[4])
    }

    func testAnIntegerKeysTotalsRowIsLastAndEnterOpensACellsRows() throws {
        let sales = try makeSales()
        let lines = try screen(sales, "ll!hW$ss")
        XCTAssertTrue(lines[0].hasPrefix(" │year │north │south │∅  │Total▼│"), lines[0])
        XCTAssertTrue(lines[3].hasPrefix("3│∅    │     4│     2│  1│     7│"), "the totals row stays last: \(lines[3])")
        let cell = try screen(sales, "l!lWl<Enter>")
        XCTAssertTrue(cell.last?.contains("sales where region = 'north' AND year = 2023  1/3") ?? false, cell.last ?? "")
        let null = try screen(sales, "l!lWjjll<Enter>")
        XCTAssertTrue(null.last?.contains("sales where region IS NULL AND year = 2024  1/1") ?? false, null.last ?? "")
        let back = try screen(sales, "l!lWl<Enter>q")
        XCTAssertTrue(back.last?.hasPrefix(" PIVOT ") ?? false, back.last ?? "")
    }

    /// `=` on a pivot table: the server computes the column from each row's cells (its own SQL),
    /// the totals row still last.
    func testAComputedColumnOnThePivotTable() throws {
        let lines = try screen(try makeSales(), "l!lW$=\"Total\"::numeric / 2 AS half<Enter>")
        XCTAssertTrue(lines[0].hasSuffix("│Total │=half                 │"), lines.joined(separator: "\n"))
        XCTAssertTrue(lines[1].hasPrefix("1│north  │    3│    1│     4│2.0000"), lines[1])
        XCTAssertTrue(lines[4].hasPrefix("4│Total  │    4│    3│     7│3.5000"), lines[4])
    }
}
