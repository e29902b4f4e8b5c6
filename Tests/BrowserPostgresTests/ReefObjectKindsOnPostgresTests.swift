import PostgresClient
import PostgresTestSupport
import XCTest

@testable import Browser
@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// What PostgreSQL has beyond SQLite's tables and views, as reef shows it: a materialized view
/// marked apart in the table list and named in the schema view, and the column summary (`I`) of
/// network addresses, bytes and enums by their own types.
final class ReefObjectKindsOnPostgresTests: XCTestCase {
    private func makeDatabase() throws -> String {
        let server = try TestPostgresServer.shared()
        let conninfo = server.connectionString(database: try server.makeDatabase("reef_kinds", for: self))
        try PGConnection(conninfo).executeScript("""
            CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy');
            CREATE TABLE hosts (id int PRIMARY KEY, address inet, net cidr, photo bytea, feeling mood);
            INSERT INTO hosts VALUES
              (1, '10.0.0.2', '10.0.0.0/8', '\\x0102', 'happy'),
              (2, '10.0.0.10', '192.168.0.0/16', '\\xff', 'sad'),
              (3, '10.0.0.2', NULL, '\\x0102', 'ok'),
              (4, NULL, '10.0.0.0/8', NULL, 'happy');
            CREATE VIEW hosts_with_a_name_far_too_long_for_the_list AS SELECT id FROM hosts;
            CREATE MATERIALIZED VIEW feelings AS SELECT feeling, count(*) AS n FROM hosts GROUP BY feeling;
            """)
        return conninfo
    }

    /// The final screen of `keys`, once background work (counts, the summary) is done.
    private func screen(_ conninfo: String, _ keys: String, columns: Int, rows: Int = 8) throws -> [String] {
        let database = try DatabaseOpener.open(conninfo, readOnly: false)
        let app = try App(database: database, theme: .builtinDefault, initialTable: nil)
        let runner = HeadlessRunner(app: app, columns: columns, rows: rows)
        var lines = runner.run(try KeyScript.parse(keys)).last ?? []
        try waitUntil("the screen is complete") {
            _ = app.tick()
            lines = runner.run([]).last ?? []
            return !(app.currentGrid?.source.isCounting ?? true) && !lines.contains { $0.contains("│…") }
                && !lines.contains { $0.contains("⠋") || $0.contains("⠙") || $0.contains("⠹") }
        }
        return lines
    }

    func testAMaterializedViewIsMarkedApartAndACutViewNameKeepsItsMark() throws {
        let conninfo = try makeDatabase()
        let lines = try screen(conninfo, "", columns: 60)
        // The list is as wide as it may be (32 columns with the count): the view's name is cut.
        XCTAssertEqual(lines[1].prefix(21), "feelings ◆         3│")
        XCTAssertEqual(lines[2].prefix(21), "hosts              4│")
        XCTAssertEqual(lines[3].prefix(21), "hosts_with_a_na… ◇ 4│")
        let schema = try screen(conninfo, "<Enter>S", columns: 60, rows: 12)
        XCTAssertEqual(schema[1], "Materialized view feelings")
    }

    func testTheSummaryTakesAddressesBytesAndEnumsByTheirOwnTypes() throws {
        let lines = try screen(try makeDatabase(), "j<Enter>I", columns: 160)
        // Addresses in their own order (10.0.0.2 before 10.0.0.10) and without `/32`; bytes as
        // bytes (in byte order, no min or max on the server); the enum in its labels' order.
        XCTAssertEqual(lines[2], "2│address│inet   │text   │     1│   25.0│        2│10.0.0.2  │    │       │    │10.0.0.10     │          │     │       │10.0.0.2  │      2│")
        XCTAssertEqual(lines[3], "3│net    │cidr   │text   │     1│   25.0│        2│10.0.0.0/8│    │       │    │192.168.0.0/16│          │     │       │10.0.0.0/8│      2│")
        XCTAssertEqual(lines[4], "4│photo  │bytea  │blob   │     1│   25.0│        2│<2 B> 0102│    │       │    │<1 B> ff      │          │     │       │<2 B> 0102│      2│")
        XCTAssertEqual(lines[5], "5│feeling│mood   │text   │     0│    0.0│        3│sad       │    │       │    │happy         │          │     │       │happy     │      2│")
    }
}
