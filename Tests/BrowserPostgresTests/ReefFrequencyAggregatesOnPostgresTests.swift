import PostgresClient
import PostgresTestSupport
import XCTest

@testable import Browser
@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// Aggregates in the frequency table on PostgreSQL, computed by the server: sums, means, the
/// median (`percentile_cont`) and the standard deviation (`stddev_samp`) per group, groups of
/// several key columns (`gF`), sorted by an aggregate, and `Enter` opening a group's rows.
final class ReefFrequencyAggregatesOnPostgresTests: XCTestCase {
    /// A fresh database holding `sales` (a `numeric` amount, an integer quantity, a NULL region).
    private func makeSales() throws -> String {
        let server = try TestPostgresServer.shared()
        let conninfo = server.connectionString(database: try server.makeDatabase("reef_aggregates", for: self))
        try PGConnection(conninfo).executeScript("""
            CREATE TABLE sales (id int PRIMARY KEY, region text, year int, amount numeric(10,2), qty int);
            INSERT INTO sales VALUES (1, 'north', 2023, 10.00, 1), (2, 'north', 2023, 20.00, 2), (3, 'north', 2024, 1500.50, 3000),
              (4, 'south', 2023, 5.00, 4), (5, 'south', 2024, 7.00, 5), (6, NULL, 2024, 1.00, 6);
            """)
        return conninfo
    }

    /// The final screen of `keys` played on the `sales` table of `conninfo`.
    private func screen(_ conninfo: String, _ keys: String, columns: Int = 150) throws -> [String] {
        let database = try DatabaseOpener.open(conninfo, readOnly: false)
        let app = try App(database: database, theme: .builtinDefault, initialTable: "sales")
        return HeadlessRunner(app: app, columns: columns, rows: 10).run(try KeyScript.parse(keys)).last ?? []
    }

    func testTheServerComputesEachAggregatePerGroup() throws {
        let sales = try makeSales()
        let lines = try screen(sales, "lll+s+a+m+dl+shhhF")
        XCTAssertEqual(Array(lines.prefix(4)), [
            " │region │count │percent │histogram           │amount_sum │amount_mean │amount_median │amount_stddev │qty_sum │",
            "1│north  │     3│   50.00│████████████████████│   1,530.50│      510.17│         20.00│        857.67│   3,003│",
            "2│south  │     2│   33.33│█████████████▍      │      12.00│        6.00│          6.00│          1.41│       9│",
            "3│∅      │     1│   16.67│██████▋             │       1.00│        1.00│          1.00│             ∅│       6│",
        ])
    }

    func testGFGroupsByKeyColumnsAndTheGroupsSortByAnAggregate() throws {
        let sales = try makeSales()
        let lines = try screen(sales, "l!l!l+sgF$s")
        XCTAssertTrue(lines[0].hasPrefix(" │region │year │count │percent │histogram"), lines[0])
        XCTAssertTrue(lines[0].contains("amount_sum▲"), lines[0])
        XCTAssertTrue(lines[1].hasPrefix("1│∅      │ 2024│     1"), lines[1])
        XCTAssertTrue(lines[5].hasPrefix("5│north  │ 2024│     1"), lines[5])
        XCTAssertTrue(lines[5].hasSuffix("   1,500.50│"), lines[5])
    }

    func testEnterOpensAGroupsRowsAndQGoesBack() throws {
        let sales = try makeSales()
        let rows = try screen(sales, "l!l!gFjjjj<Enter>")
        XCTAssertTrue(rows.last?.contains("sales where region IS NULL AND year = 2024  1/1") ?? false, rows.last ?? "")
        let numeric = try screen(sales, "lllF<Enter>")  // a numeric value, read as text, bound as text: the server reads it as a number
        XCTAssertTrue(numeric.last?.contains("sales where amount = '1.00'  1/1") ?? false, numeric.last ?? "")
        let back = try screen(sales, "l!l!gFjjjj<Enter>q")
        XCTAssertTrue(back.last?.hasPrefix(" FREQUENCY ") ?? false, back.last ?? "")
    }

    /// A sum of a text column is refused as it is set (PostgreSQL has no sum of text), naming the
    /// column's type; the frequency table then counts without it.
    func testANumbersAggregateOfATextColumnIsRefusedAsItIsSet() throws {
        let sales = try makeSales()
        let refused = try screen(sales, "l+s")
        XCTAssertTrue(refused.last?.contains("sum needs numbers: region holds text; count, distinct, min and max work on any column") ?? false,
                      refused.last ?? "")
        let counted = try screen(sales, "l+s+alF")
        XCTAssertEqual(counted[0], " │year │count │percent │histogram           │")
        let kept = try screen(sales, "l+u+>lF")
        XCTAssertEqual(kept[0], " │year │count │percent │histogram           │region_distinct │region_max │", "any column counts and orders")
    }

    /// An aggregate the server refuses (a sum of a computed column's text, whose type reef does not
    /// know) says the server's reason at `F`, and `+-` takes it back.
    func testAnAggregateTheServerRefusesSaysSoAndPlusMinusTakesItBack() throws {
        let sales = try makeSales()
        let refused = try screen(sales, "=region || 'x' AS tag<Enter>+slF")
        XCTAssertTrue(refused.last?.contains("frequency with aggregates (+- on a column removes its own): function sum(text) does not exist") ?? false,
                      refused.last ?? "")
        XCTAssertTrue(refused.last?.hasPrefix(" BROWSE ") ?? false, refused.last ?? "")
        let counted = try screen(sales, "=region || 'x' AS tag<Enter>+s+-lF")
        XCTAssertTrue(counted[0].hasPrefix(" │"), counted[0])
        XCTAssertFalse(counted[0].contains("tag_sum"), counted[0])
    }
}
