import PostgresClient
import PostgresTestSupport
import XCTest

@testable import Browser
@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// A foreign key of two columns on PostgreSQL: `z]` brings in the referenced shelf's label matched
/// on both columns, read by the server, and `]` follows the key to the shelf both columns name.
final class ReefCompositeForeignKeyOnPostgresTests: XCTestCase {
    /// A fresh database holding `shelf` (a key of two columns) and `book`, which refers to it.
    private func makeBooks() throws -> String {
        let server = try TestPostgresServer.shared()
        let conninfo = server.connectionString(database: try server.makeDatabase("reef_composite", for: self))
        try PGConnection(conninfo).executeScript("""
            CREATE TABLE shelf (room text, slot int, label text, PRIMARY KEY (room, slot));
            INSERT INTO shelf VALUES ('a', 1, 'top'), ('a', 2, 'bottom'), ('b', 1, 'left');
            CREATE TABLE book (id int PRIMARY KEY, title text, room text, slot int, FOREIGN KEY (room, slot) REFERENCES shelf);
            INSERT INTO book VALUES (1, 'Dune', 'a', 2), (2, 'Emma', 'b', 1), (3, 'Ulysses', 'a', 1), (4, 'Nowhere', NULL, 1);
            """)
        return conninfo
    }

    private func run(_ conninfo: String) throws -> (App, HeadlessRunner) {
        let app = try App(database: try DatabaseOpener.open(conninfo, readOnly: false), theme: .builtinDefault, initialTable: "book")
        return (app, HeadlessRunner(app: app, columns: 120, rows: 8))
    }

    func testZBracketBringsInTheLabelMatchedOnBothColumns() throws {
        let (app, runner) = try run(try makeBooks())
        let lines = runner.run(try KeyScript.parse("$z]<Enter>")).last ?? []
        let grid = try XCTUnwrap(app.currentGrid)
        XCTAssertEqual(grid.source.columns.last?.header, "=room_slot_label", lines.joined(separator: "\n"))
        XCTAssertEqual(try grid.source.rows(0..<4).map { [$0.values[0], $0.values[4]] },
                       [[.integer(1), .text("bottom")], [.integer(2), .text("left")], [.integer(3), .text("top")], [.integer(4), .null]])
        runner.run(try KeyScript.parse("s"))
        XCTAssertEqual(try grid.source.rows(0..<4).map { $0.values[0] }, [.integer(1), .integer(2), .integer(3), .integer(4)],
                       "bottom, left, top, then NULL (PostgreSQL sorts NULL last)")
    }

    func testBracketFollowsTheKeyToTheShelfBothColumnsName() throws {
        let conninfo = try makeBooks()
        let (app, runner) = try run(conninfo)
        let followed = runner.run(try KeyScript.parse("jll]")).last ?? []
        XCTAssertTrue(followed.last?.contains("shelf.(room, slot) = ('b', 1)  ([ back)") ?? false, followed.joined(separator: "\n"))
        XCTAssertEqual(app.selectedTableName, "shelf")
        let grid = try XCTUnwrap(app.currentGrid)
        let row = try XCTUnwrap(try grid.source.rows(grid.cursorRow..<(grid.cursorRow + 1)).first)
        XCTAssertEqual(Array(row.values.prefix(3)), [.text("b"), .integer(1), .text("left")])
        let none = try run(conninfo).1.run(try KeyScript.parse("jjjlll]")).last ?? []
        XCTAssertTrue(none.last?.contains("room is NULL: (room, slot) refers to no shelf row") ?? false, none.last ?? "")
    }
}
