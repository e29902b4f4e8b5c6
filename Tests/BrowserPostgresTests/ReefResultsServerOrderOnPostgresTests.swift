import PostgresClient
import PostgresTestSupport
import XCTest

@testable import Browser
@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// A PostgreSQL statement's rows, in reef's SQLite copy of them, sorted and filtered as the server
/// sorts and filters the same table browsed directly: NULLs last ascending (first descending),
/// dates and timestamps by instant (BC, five-digit years, offsets across a DST change, infinities),
/// arrays element by element; a computed column reads an amount of money as its number; text in
/// a collation reef cannot follow is sorted by bytes and the status says so.
final class ReefResultsServerOrderOnPostgresTests: XCTestCase {
    /// A fresh database holding `script`'s table `t`, by its connection string.
    private func makeDatabase(_ script: String) throws -> String {
        let server = try TestPostgresServer.shared()
        let conninfo = server.connectionString(database: try server.makeDatabase("reef_server_order", for: self))
        try PGConnection(conninfo).executeScript(script)
        return conninfo
    }

    private func makeApp(_ conninfo: String) throws -> (App, HeadlessRunner) {
        let app = try App(database: try DatabaseOpener.open(conninfo, readOnly: false), theme: .builtinDefault, initialTable: "t")
        return (app, HeadlessRunner(app: app, columns: 160, rows: 16))
    }

    private func column(_ index: Int, of app: App) throws -> [SQLValue] {
        let source = try XCTUnwrap(app.currentGrid?.source)
        return try source.rows(0..<source.count()).map { $0.values[index].sqlValue ?? .null }
    }

    /// The ids (column 0) of table `t` browsed after `keys`, and of `SELECT * FROM t ORDER BY id`'s
    /// rows after the same keys, each in a reef of its own, with the screens.
    private func ids(after keys: String, on conninfo: String) throws -> (table: [SQLValue], results: [SQLValue], screen: String) {
        let (app, runner) = try makeApp(conninfo)
        let browsed = runner.run(try KeyScript.parse(keys)).last ?? []
        let table = try column(0, of: app)
        let (statementApp, statementRunner) = try makeApp(conninfo)
        let shown = statementRunner.run(try KeyScript.parse("eSELECT * FROM t ORDER BY id<Enter>" + keys)).last ?? []
        let results = try column(0, of: statementApp)
        return (table, results, browsed.joined(separator: "\n") + "\n---\n" + shown.joined(separator: "\n"))
    }

    func testNullsSortWhereTheServerPutsThem() throws {
        let conninfo = try makeDatabase("""
            CREATE TABLE t (id int PRIMARY KEY, n int, s text);
            INSERT INTO t VALUES (1, 5, 'b'), (2, NULL, 'a'), (3, 1, NULL), (4, NULL, NULL), (5, 3, 'a');
            """)
        for keys in ["ls", "lss", "llshzs", "llsshzs", "llshzszs"] {
            let (table, results, screen) = try ids(after: keys, on: conninfo)
            XCTAssertEqual(results, table, "\(keys)\n\(screen)")
        }
        let (table, _, _) = try ids(after: "ls", on: conninfo)
        XCTAssertEqual(table, [3, 5, 1, 2, 4].map { .integer($0) })
    }

    func testDatesAndTimestampsSortAndFilterByInstant() throws {
        let conninfo = try makeDatabase("""
            DO $$ BEGIN EXECUTE format('ALTER DATABASE %I SET timezone = %L', current_database(), 'America/New_York'); END $$;
            CREATE TABLE t (id int PRIMARY KEY, d date, ts timestamptz);
            INSERT INTO t VALUES (1, '2024-01-01', '2024-11-03 01:30:00-04'), (2, '0044-03-15 BC', '2024-11-03 01:10:00-05'),
              (3, '10000-01-01', 'infinity'), (4, 'infinity', '-infinity'), (5, '-infinity', '2024-11-03 05:20:00+00'),
              (6, '0001-01-01', '0044-03-15 10:00:00+00 BC'), (7, '2023-12-31', '10000-01-01 00:00:00+00');
            """)
        for keys in ["ls", "lss", "lls", "llss"] {
            let (table, results, screen) = try ids(after: keys, on: conninfo)
            XCTAssertEqual(results, table, "\(keys)\n\(screen)")
        }
        for filter in ["d > '2024-01-01'", "d < '0001-01-01'", "d >= '2023-12-31' AND d < 'infinity'"] {
            let (table, results, screen) = try ids(after: "f\(filter)<Enter>", on: conninfo)
            XCTAssertEqual(results, table, "\(filter)\n\(screen)")
        }
    }

    func testArraysSortElementByElement() throws {
        let conninfo = try makeDatabase("""
            CREATE TABLE t (id int PRIMARY KEY, i int[], s text[], n numeric[]);
            INSERT INTO t VALUES (1, '{10}', '{b,"a c"}', '{1.50,2}'), (2, '{9}', '{b}', '{-3}'), (3, '{1,2}', '{"b a"}', '{10.0}'),
              (4, '{1}', '{a,NULL}', '{1.5,1}'), (5, '{1,NULL}', '{a,z}', '{9.99}'), (6, NULL, '{}', '{}'), (7, '{}', NULL, NULL);
            """)
        for keys in ["ls", "lss", "lls", "llss", "llls", "lllss"] {
            let (table, results, screen) = try ids(after: keys, on: conninfo)
            XCTAssertEqual(results, table, "\(keys)\n\(screen)")
        }
    }

    func testAComputedColumnReadsMoneyAsItsAmount() throws {
        let conninfo = try makeDatabase("""
            CREATE TABLE t (id int PRIMARY KEY, cost money);
            INSERT INTO t VALUES (1, 1300), (2, 19.5), (3, -5), (4, NULL);
            """)
        let (app, runner) = try makeApp(conninfo)
        let lines = runner.run(try KeyScript.parse("eSELECT * FROM t ORDER BY id<Enter>=cost * 2<Enter>")).last ?? []
        XCTAssertEqual(try column(2, of: app), [.real(2600), .real(39), .real(-10), .null], lines.joined(separator: "\n"))
        XCTAssertTrue(lines.contains { $0.contains("cost * 2") }, lines.joined(separator: "\n"))
        let named = runner.run(try KeyScript.parse("=\"cost\" + 1 AS more<Enter>")).last ?? []
        XCTAssertEqual(try column(3, of: app), [.real(1301), .real(20.5), .real(-4), .null], named.joined(separator: "\n"))
    }

    /// A database ordering text by ICU's rules (`apple`, `Banana`, `cherry`), which reef cannot
    /// follow: its results keep bytes, and the sort says so.
    func testTextInACollationReefCannotFollowSaysSo() throws {
        let server = try TestPostgresServer.shared()
        let name = try server.makeDatabase("reef_icu", for: self)
        let admin = try PGConnection(server.connectionString())
        try admin.execute("DROP DATABASE " + PGConnection.quoteIdentifier(name))
        try admin.execute("CREATE DATABASE " + PGConnection.quoteIdentifier(name)
                          + " LOCALE_PROVIDER icu ICU_LOCALE 'en-US' LOCALE 'C' TEMPLATE template0")
        try PGConnection(server.connectionString(database: name)).executeScript("""
            CREATE TABLE t (id int PRIMARY KEY, s text);
            INSERT INTO t VALUES (1, 'cherry'), (2, 'Banana'), (3, 'apple');
            """)
        let app = try App(database: try DatabaseOpener.open(server.connectionString(database: name), readOnly: false),
                          theme: .builtinDefault, initialTable: "t")
        let runner = HeadlessRunner(app: app, columns: 160, rows: 16)
        let browsed = runner.run(try KeyScript.parse("ls")).last ?? []
        XCTAssertEqual(try column(0, of: app), [3, 2, 1].map { .integer($0) }, browsed.joined(separator: "\n"))
        let results = runner.run(try KeyScript.parse("eSELECT * FROM t ORDER BY id<Enter>ls")).last ?? []
        let screen = results.joined(separator: "\n")
        XCTAssertEqual(try column(0, of: app), [2, 3, 1].map { .integer($0) }, screen)
        XCTAssertTrue(screen.contains("text sorted byte by byte: the database orders it by ICU's en-US"), screen)
    }
}
