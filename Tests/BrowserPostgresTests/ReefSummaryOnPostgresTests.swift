import PostgresClient
import PostgresTestSupport
import XCTest

@testable import Browser
@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// The column summary (`I`) of a PostgreSQL table and of query results: each column by its
/// catalog type (numbers and dates by their order, a `numeric` as a number, a `boolean` as 0 or
/// 1, `jsonb` by its text), as on SQLite.
final class ReefSummaryOnPostgresTests: XCTestCase {
    private func makeStats() throws -> String {
        let server = try TestPostgresServer.shared()
        let conninfo = server.connectionString(database: try server.makeDatabase("reef_summary", for: self))
        try PGConnection(conninfo).executeScript("""
            CREATE TABLE stats (id int PRIMARY KEY, qty integer, price numeric(6,2), paid boolean, day date, doc jsonb);
            INSERT INTO stats VALUES (1, 3, 2.50, true, '2024-01-01', '{"a":1}'), (2, 5, 4.00, false, '2024-01-03', '[1,2]'),
              (3, NULL, 1.25, true, '2024-01-02', NULL), (4, 5, NULL, NULL, NULL, '{"a":1}');
            """)
        return conninfo
    }

    /// The screen once `keys` are played and the summary is complete.
    private func summary(_ conninfo: String, _ keys: String, columns: Int) throws -> [String] {
        let database = try DatabaseOpener.open(conninfo, readOnly: false)
        let app = try App(database: database, theme: .builtinDefault, initialTable: nil)
        let runner = HeadlessRunner(app: app, columns: columns, rows: 8)
        var lines = runner.run(try KeyScript.parse(keys)).last ?? []
        try waitUntil("the summary has ended") {
            // Whether the work has ended is read before the screen is drawn: drawn first, the
            // screen could show the cells of a summary that ended just after.
            let ended = !(app.currentGrid?.source.isCounting ?? true)
            _ = app.tick()
            lines = runner.run([]).last ?? []
            return ended && (lines.last ?? "").contains(" SUMMARY ")
        }
        // Every column summarised; else the status bar says why (shown with the screen).
        XCTAssertFalse(lines.contains { $0.contains("│…") }, lines.joined(separator: "\n"))
        return lines
    }

    func testATablesColumnsAreSummarisedByTheirTypes() throws {
        let lines = try summary(try makeStats(), "<Enter>I", columns: 190)
        XCTAssertEqual(lines[2], "2│qty    │integer     │integer     │     1│   25.0│        2│         3│         4│         5│         5│         5│▄ █             │      4.33│    1.15│         5│      2│")
        XCTAssertEqual(lines[3], "3│price  │numeric(6,2)│real        │     1│   25.0│        3│      1.25│     1.875│       2.5│      3.25│      4.00│█      █       █│      2.58│    1.38│      1.25│      1│")
        XCTAssertEqual(lines[4], "4│paid   │boolean     │integer     │     1│   25.0│        2│         0│       0.5│         1│         1│         1│▄█              │      0.67│    0.58│         1│      2│")
        XCTAssertEqual(lines[5], "5│day    │date        │text (dates)│     1│   25.0│        3│2024-01-01│2024-01-01│2024-01-02│2024-01-02│2024-01-03│█       █      █│2024-01-02│1.0 days│2024-01-01│      1│")
        XCTAssertEqual(lines[6], "6│doc    │jsonb       │text        │     1│   25.0│        2│[1, 2]    │          │          │          │{\"a\": 1}  │                │          │        │{\"a\": 1}  │      2│")
    }

    func testQueryResultsAreSummarisedByTheTypesTheServerNames() throws {
        let lines = try summary(try makeStats(), "eSELECT qty, price, doc FROM stats<Enter>I", columns: 120)
        XCTAssertEqual(lines[1], "1│qty    │integer│integer│     1│   25.0│        2│     3│    4│      5│   5│       5│▄ █             │ 4.33│   1.15│5")
        XCTAssertEqual(lines[2], "2│price  │numeric│real   │     1│   25.0│        3│  1.25│1.875│    2.5│3.25│    4.00│█      █       █│ 2.58│   1.38│1.…")
        XCTAssertEqual(lines[3], "3│doc    │jsonb  │text   │     1│   25.0│        2│[1, 2]│     │       │    │{\"a\": 1}│                │     │       │{\"…")
    }

    /// A `numeric` or `money` column's smallest, largest and most common values are its own,
    /// every digit kept (a double would show `1e+21` and `100.1`); its other statistics are of
    /// doubles. Query results keep the server's order of amounts, intervals and addresses.
    func testExactDecimalsKeepTheirDigitsAndResultsTheServersOrder() throws {
        let server = try TestPostgresServer.shared()
        let conninfo = server.connectionString(database: try server.makeDatabase("reef_exact_summary", for: self))
        try PGConnection(conninfo).executeScript("""
            CREATE TABLE ledger (id int PRIMARY KEY, big numeric, amount numeric(12,2), cost money);
            INSERT INTO ledger VALUES (1, 1000000000000000000001, 100.10, 1234.56), (2, -3, 2.00, 4.99), (3, 0.1, 100.10, 19.50);
            """)
        let table = try summary(conninfo, "<Enter>I", columns: 190)
        XCTAssertEqual(table[2], "2│big    │numeric      │real   │     0│    0.0│        3│   -3│ -1.45│    0.1│ 5e+20│1000000000000000000001│█              ▄│3.33333333333333e+20│5.77350269189626e+20│    -3│      1│")
        XCTAssertEqual(table[3], "3│amount │numeric(12,2)│real   │     0│    0.0│        2│ 2.00│ 51.05│  100.1│ 100.1│                100.10│▄              █│               67.40│               56.64│100.10│      2│")
        XCTAssertEqual(table[4], "4│cost   │money        │real   │     0│    0.0│        3│$4.99│12.245│   19.5│627.03│             $1,234.56│█              ▄│              419.68│              705.74│ $4.99│      1│")
        let results = try summary(conninfo, """
            eSELECT * FROM (VALUES (interval '10 days', inet '10.0.0.10', 1300::money, 100.10::numeric), (interval '2 days', inet '10.0.0.2', 20::money, \
            1000000000000000000001), (interval '3 hours', inet '9.0.0.1', 0.5::money, 12.0)) AS t (span, host, cost, big)<Enter>I
            """, columns: 160)
        XCTAssertEqual(results[1], "1│span   │interval│text   │     0│    0.0│        3│03:00:00│     │       │     │10 days               │                │                    │")
        XCTAssertEqual(results[2], "2│host   │inet    │text   │     0│    0.0│        3│9.0.0.1 │     │       │     │10.0.0.10             │                │                    │")
        XCTAssertEqual(results[3], "3│cost   │money   │real   │     0│    0.0│        3│   $0.50│10.25│   20.0│660.0│             $1,300.00│█              ▄│              440.17│744.70")
        XCTAssertEqual(results[4], "4│big    │numeric │real   │     0│    0.0│        3│    12.0│56.05│  100.1│5e+20│1000000000000000000001│█              ▄│3.33333333333333e+20│5.77350269189626e…")
    }

    /// A statement's dates and timestamps out of ISO's plain range have the server's smallest and
    /// largest: a BC date before any AD one, a five-digit year after four, `-infinity` first and
    /// `infinity` last (as text, `-infinity` came first and `infinity` between the years).
    func testResultsDatesHaveTheServersSmallestAndLargest() throws {
        let lines = try summary(try makeStats(), """
            eSELECT * FROM (VALUES (date '0044-03-15 BC', date '2024-01-01'), ('10000-01-01', 'infinity'), ('2024-01-01', '-infinity'), \
            ('0001-01-01', '2023-01-01')) AS t (day, edge)<Enter>I
            """, columns: 160)
        let cells = lines.map { $0.split(separator: "│", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) } }
        XCTAssertEqual(cells[1][1], "day", lines.joined(separator: "\n"))
        XCTAssertEqual([cells[1][7], cells[1][11]], ["0044-03-15 BC", "10000-01-01"], lines.joined(separator: "\n"))
        XCTAssertEqual([cells[2][7], cells[2][11]], ["-infinity", "infinity"], lines.joined(separator: "\n"))
    }
}
