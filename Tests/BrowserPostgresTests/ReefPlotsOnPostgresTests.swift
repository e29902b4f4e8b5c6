import PostgresClient
import PostgresTestSupport
import XCTest

@testable import Browser
@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// Plots and histograms on PostgreSQL, reduced by the server: a `numeric` plotted against a
/// `double precision` and coloured by a text column, a `date` on x labelled as dates, a histogram
/// of integers with its counts, and `Enter` opening the rows of a plot's region and of a bar.
final class ReefPlotsOnPostgresTests: XCTestCase {
    /// A fresh database holding `pts`: three points of known place.
    private func makePoints() throws -> String {
        let server = try TestPostgresServer.shared()
        let conninfo = server.connectionString(database: try server.makeDatabase("reef_plots", for: self))
        try PGConnection(conninfo).executeScript("""
            CREATE TABLE pts (id int PRIMARY KEY, x double precision, y numeric(10,2), kind text, day date, v int);
            INSERT INTO pts VALUES (1, 0, 0, 'a', '2024-01-01', 1), (2, 10, 10, 'b', '2024-03-01', 2), (3, 5, 5, 'a', '2024-02-01', 2),
              (4, NULL, 1, 'a', NULL, 3), (5, 1, NULL, NULL, NULL, 9), (6, 2, 2, NULL, NULL, 10), (7, 3, 3, 'c', NULL, NULL);
            """)
        return conninfo
    }

    /// The final screen of `keys` played on `pts`.
    private func screen(_ conninfo: String, _ keys: String, columns: Int = 60) throws -> [String] {
        let database = try DatabaseOpener.open(conninfo, readOnly: false)
        let app = try App(database: database, theme: .builtinDefault, initialTable: "pts")
        return HeadlessRunner(app: app, columns: columns, rows: 20).run(try KeyScript.parse(keys)).last ?? []
    }

    func testTheServerBinsTheDotsWhereSQLiteWould() throws {
        let points = try makePoints()
        let lines = try screen(points, "l!l.")
        XCTAssertEqual(lines[0], "y against x in pts: 5 rows")
        XCTAssertEqual(lines[1], "        10┤" + String(repeating: " ", count: 48) + "⠈")
        XCTAssertEqual(lines[16], "         0┤⡀")
        XCTAssertEqual(lines[18], "           0        2         4         6         8       10")
    }

    func testAColourColumnGetsALegendOfItsValues() throws {
        let points = try makePoints()
        let lines = try screen(points, "l!ll!h.", columns: 80)
        XCTAssertTrue(lines[0].hasPrefix("y against x in pts by kind: 5 rows"), lines[0])
        XCTAssertTrue(lines[1].hasSuffix(" ⣿ a"), lines[1])
        XCTAssertTrue(lines[2].hasSuffix(" ⣿ b"), lines[2])
        XCTAssertTrue(lines[4].hasSuffix(" ⣿ ∅"), lines[4])
    }

    func testDatesOnXAreLabelledAsDates() throws {
        let points = try makePoints()
        let lines = try screen(points, "llll!hh.", columns: 80)
        XCTAssertTrue(lines[0].hasPrefix("y against day in pts: 3 rows"), lines[0])
        XCTAssertTrue(lines[18].contains("2024-01-"), lines[18])
    }

    func testEnterOpensTheRowsOfARegionWithTheValuesBound() throws {
        let points = try makePoints()
        let rows = try screen(points, "l!l.k<Enter>", columns: 120)
        XCTAssertTrue(rows[19].contains("pts where x BETWEEN 4.9541 AND 5.0459 AND y BETWEEN 5.000 AND 5.625  1/1"), rows[19])
        XCTAssertTrue(rows[1].hasPrefix("1│  3│"), rows[1])
    }

    func testAHistogramOfIntegersCountsItsBinsAndEnterOpensABar() throws {
        let points = try makePoints()
        let lines = try screen(points, "$H")
        XCTAssertTrue(lines[0].hasPrefix("histogram of v in pts: 6 rows, 3 bins of 5"), lines[0])
        XCTAssertEqual(lines[1], String(repeating: " ", count: 24) + "4")
        let rows = try screen(points, "$H<Enter>", columns: 80)
        XCTAssertTrue(rows[19].contains("pts where v >= 0 AND v < 5  1/4"), rows[19])
    }
}
