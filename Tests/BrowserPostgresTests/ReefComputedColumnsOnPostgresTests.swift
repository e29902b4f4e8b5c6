import PostgresClient
import PostgresTestSupport
import XCTest

@testable import Browser
@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// Computed columns (`=`) on PostgreSQL: the server checks the expression (its own message when it
/// refuses), and the column sorts and filters by name, which PostgreSQL allows only because the
/// view reads it from a `SELECT` under the table's name (a select alias is no column in `WHERE`).
final class ReefComputedColumnsOnPostgresTests: XCTestCase {
    /// A fresh database holding `track` (a `numeric` price, milliseconds as an integer).
    private func makeTracks() throws -> String {
        let server = try TestPostgresServer.shared()
        let conninfo = server.connectionString(database: try server.makeDatabase("reef_computed", for: self))
        try PGConnection(conninfo).executeScript("""
            CREATE TABLE track (id int PRIMARY KEY, name text, ms int, price numeric(4,2));
            INSERT INTO track VALUES (1, 'short', 90000, 0.99), (2, 'long', 600000, 1.99), (3, 'middle', 240000, 0.99);
            """)
        return conninfo
    }

    func testAComputedColumnSortsFiltersAndCountsOnTheServer() throws {
        let conninfo = try makeTracks()
        let app = try App(database: try DatabaseOpener.open(conninfo, readOnly: false), theme: .builtinDefault, initialTable: "track")
        let runner = HeadlessRunner(app: app, columns: 100, rows: 8)
        let lines = runner.run(try KeyScript.parse("=ms / 60000.0 AS minutes<Enter>zsfminutes > 2<Enter>")).last ?? []
        let grid = try XCTUnwrap(app.currentGrid)
        XCTAssertEqual(grid.source.columns.map(\.header), ["id", "name", "ms", "price", "=minutes"], lines.joined(separator: "\n"))
        XCTAssertEqual(try grid.source.count(), 2, lines.joined(separator: "\n"))
        XCTAssertEqual(try grid.source.rows(0..<2).map { $0.values[1] }, [.text("middle"), .text("long")])
        let counted = runner.run(try KeyScript.parse("hF")).last ?? []
        let frequencies = try XCTUnwrap(app.currentGrid)
        XCTAssertEqual(frequencies.source.columns.first?.name, "price", counted.joined(separator: "\n"))
        XCTAssertEqual(try frequencies.source.count(), 2, "the filter on minutes holds for F: 0.99 and 1.99")
    }

    func testTheServersMessageRefusesABadExpression() throws {
        let conninfo = try makeTracks()
        let app = try App(database: try DatabaseOpener.open(conninfo, readOnly: false), theme: .builtinDefault, initialTable: "track")
        let runner = HeadlessRunner(app: app, columns: 120, rows: 8)
        let lines = runner.run(try KeyScript.parse("=name + 1<Enter>")).last ?? []
        XCTAssertEqual(app.currentGrid?.source.columns.count, 4)
        XCTAssertTrue(lines.last?.contains("operator does not exist: text + integer") ?? false, lines.joined(separator: "\n"))
        XCTAssertEqual(app.prompt.current?.kind, .computeColumn)
        let aggregate = runner.run(try KeyScript.parse("<Esc>=sum(ms) AS total<Enter>")).last ?? []
        XCTAssertEqual(app.currentGrid?.source.columns.count, 4)
        // The server refuses it when the view's rows are prepared (SQLite would take it, as one row).
        XCTAssertTrue(app.prompt.current?.note?.contains("must appear in the GROUP BY clause") ?? false,
                      "\(String(describing: app.prompt.current?.note)) \(aggregate.joined(separator: "\n"))")
    }

    /// `z]` on a foreign key: the referenced genre's name beside each track, read by the server,
    /// and sorted by it.
    func testAReferencedColumnIsBroughtInByTheServer() throws {
        let conninfo = try makeTracks()
        try PGConnection(conninfo).executeScript("""
            CREATE TABLE genre (id int PRIMARY KEY, code int, label text);
            INSERT INTO genre VALUES (1, 10, 'rock'), (2, 20, 'ambient');
            ALTER TABLE track ADD COLUMN genre_id int REFERENCES genre (id);
            UPDATE track SET genre_id = CASE id WHEN 2 THEN 2 ELSE 1 END;
            """)
        let app = try App(database: try DatabaseOpener.open(conninfo, readOnly: false), theme: .builtinDefault, initialTable: "track")
        let runner = HeadlessRunner(app: app, columns: 120, rows: 8)
        let lines = runner.run(try KeyScript.parse("$z]<Enter>s")).last ?? []
        let grid = try XCTUnwrap(app.currentGrid)
        XCTAssertEqual(grid.source.columns.last?.header, "=genre_id_label", lines.joined(separator: "\n"))
        XCTAssertEqual(try grid.source.rows(0..<3).map { [$0.values[0], $0.values[5]] },
                       [[.integer(2), .text("ambient")], [.integer(1), .text("rock")], [.integer(3), .text("rock")]])
    }

    /// `=` on a statement's results: computed by SQLite over reef's copy of the rows (the prompt
    /// says so), the statement not run again; it sorts like any column.
    func testAResultsColumnIsComputedOverReefsCopy() throws {
        let app = try App(database: try DatabaseOpener.open(try makeTracks(), readOnly: false), theme: .builtinDefault, initialTable: "track")
        let runner = HeadlessRunner(app: app, columns: 120, rows: 8)
        runner.run(try KeyScript.parse("eSELECT id, name FROM track ORDER BY id<Enter>="))
        XCTAssertEqual(app.prompt.current?.note, "SQLite's SQL: computed over reef's copy of the results")
        let lines = runner.run(try KeyScript.parse("length(name) AS len<Enter>s")).last ?? []
        let grid = try XCTUnwrap(app.currentGrid)
        XCTAssertEqual(grid.source.columns.last?.header, "=len", lines.joined(separator: "\n"))
        XCTAssertEqual(try grid.source.rows(0..<3).map { [$0.values[0], $0.values[2]] },
                       [[.integer(2), .integer(4)], [.integer(1), .integer(5)], [.integer(3), .integer(6)]])
    }
}
