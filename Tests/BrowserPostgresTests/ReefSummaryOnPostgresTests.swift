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
            _ = app.tick()
            lines = runner.run([]).last ?? []
            return !(app.currentGrid?.source.isCounting ?? true) && (lines.last ?? "").contains(" SUMMARY ")
        }
        // Every column summarised; else the status bar says why (shown with the screen).
        XCTAssertFalse(lines.contains { $0.contains("│…") }, lines.joined(separator: "\n"))
        return lines
    }

    func testATablesColumnsAreSummarisedByTheirTypes() throws {
        let lines = try summary(try makeStats(), "<Enter>I", columns: 190)
        XCTAssertEqual(lines[2], "2│qty    │integer     │integer     │     1│   25.0│        2│         3│         4│         5│         5│         5│▄ █             │      4.33│    1.15│         5│      2│")
        XCTAssertEqual(lines[3], "3│price  │numeric(6,2)│real        │     1│   25.0│        3│      1.25│     1.875│       2.5│      3.25│       4.0│█      █       █│      2.58│    1.38│      1.25│      1│")
        XCTAssertEqual(lines[4], "4│paid   │boolean     │integer     │     1│   25.0│        2│         0│       0.5│         1│         1│         1│▄█              │      0.67│    0.58│         1│      2│")
        XCTAssertEqual(lines[5], "5│day    │date        │text (dates)│     1│   25.0│        3│2024-01-01│2024-01-01│2024-01-02│2024-01-02│2024-01-03│█       █      █│2024-01-02│1.0 days│2024-01-01│      1│")
        XCTAssertEqual(lines[6], "6│doc    │jsonb       │text        │     1│   25.0│        2│[1, 2]    │          │          │          │{\"a\": 1}  │                │          │        │{\"a\": 1}  │      2│")
    }

    func testQueryResultsAreSummarisedByTheTypesTheServerNames() throws {
        let lines = try summary(try makeStats(), "eSELECT qty, price, doc FROM stats<Enter>I", columns: 120)
        XCTAssertEqual(lines[1], "1│qty    │     │integer│     1│   25.0│        2│     3│    4│      5│   5│       5│▄ █             │ 4.33│   1.15│5")
        XCTAssertEqual(lines[2], "2│price  │     │real   │     1│   25.0│        3│  1.25│1.875│    2.5│3.25│     4.0│█      █       █│ 2.58│   1.38│1.25")
        XCTAssertEqual(lines[3], "3│doc    │     │text   │     1│   25.0│        2│[1, 2]│     │       │    │{\"a\": 1}│                │     │       │{\"a\"…")
    }
}
