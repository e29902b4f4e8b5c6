import Foundation
import PostgresClient
import PostgresTestSupport
import XCTest

@testable import Browser
@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// Joins (`J`) on PostgreSQL: the server runs the join (full joins too), sorts by a joined column,
/// commits an edit through it, and refuses columns it cannot compare with its own message (a file
/// joined there: ``ReefJoinFileOnPostgresTests``).
final class ReefJoinOnPostgresTests: XCTestCase {
    /// A fresh database holding `track` and `genre` (a track of no genre, a genre of no track).
    private func makeTracks() throws -> String {
        let server = try TestPostgresServer.shared()
        let conninfo = server.connectionString(database: try server.makeDatabase("reef_join", for: self))
        try PGConnection(conninfo).executeScript("""
            CREATE TABLE genre (id int PRIMARY KEY, label text);
            INSERT INTO genre VALUES (1, 'rock'), (2, 'ambient'), (3, 'metal');
            CREATE TABLE track (id int PRIMARY KEY, name text, genre_id int REFERENCES genre (id));
            INSERT INTO track VALUES (1, 'short', 1), (2, 'long', 2), (3, 'middle', 1), (4, 'odd', NULL);
            """)
        return conninfo
    }

    func testJoinsSortAndEditOnTheServer() throws {
        let conninfo = try makeTracks()
        let app = try App(database: try DatabaseOpener.open(conninfo, readOnly: false), theme: .builtinDefault, initialTable: "track")
        let runner = HeadlessRunner(app: app, columns: 120, rows: 8)
        _ = runner.run(try KeyScript.parse("$Jgenre<Enter>"))
        XCTAssertEqual(app.prompt.current?.text, "genre_id = id")
        let lines = runner.run(try KeyScript.parse("<Enter><Enter>$s")).last ?? []
        let grid = try XCTUnwrap(app.currentGrid)
        XCTAssertEqual(grid.source.columns.map(\.header), ["id", "name", "genre_id", "genre.id", "genre.label"], lines.joined(separator: "\n"))
        XCTAssertEqual(try grid.source.rows(0..<4).map { $0.values[0] }, [.integer(2), .integer(1), .integer(3), .integer(4)],
                       "ambient, rock, rock, then NULL last as PostgreSQL sorts")
        _ = runner.run(try KeyScript.parse("gg0li<C-u>longer<Enter>w"))
        let result = try PGConnection(conninfo).execute("SELECT name FROM track WHERE id = 2")
        XCTAssertEqual(result.map { $0.text(at: 0) }, ["longer"])
        _ = runner.run(try KeyScript.parse("[$Jgenre<Enter><Enter>full<Enter>"))
        XCTAssertEqual(try grid.source.count(), 5)
    }

    func testTheServersMessageRefusesColumnsItCannotCompare() throws {
        let conninfo = try makeTracks()
        let app = try App(database: try DatabaseOpener.open(conninfo, readOnly: false), theme: .builtinDefault, initialTable: "track")
        let runner = HeadlessRunner(app: app, columns: 160, rows: 8)
        let lines = runner.run(try KeyScript.parse("Jgenre<Enter><C-u>name = id<Enter>")).last ?? []
        XCTAssertTrue(app.prompt.current?.note?.contains("operator does not exist: text = integer") ?? false,
                      "\(String(describing: app.prompt.current?.note)) \(lines.joined(separator: "\n"))")
        XCTAssertEqual(app.currentGrid?.source.columns.count, 3)
    }
}
