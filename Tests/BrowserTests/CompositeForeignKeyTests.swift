import ORMCore
import XCTest
@testable import Browser

/// A foreign key of two columns (`FOREIGN KEY (room, slot) REFERENCES shelf(room, slot)`) on
/// SQLite: `z]` brings in the referenced shelf's label matched on both columns, and `]` follows
/// the key to the shelf both columns name; a NULL in either refers to no shelf. `b` (1) and `a`
/// (1) share a slot, so a key compared on one column would find the wrong shelf.
final class CompositeForeignKeyTests: XCTestCase {
    /// The fixture database, new for each test.
    private var fixture: BrowserFixture!

    override func setUpWithError() throws {
        fixture = try BrowserFixture()
        try Database(path: fixture.path).executeScript("""
            CREATE TABLE shelf (room TEXT, slot INTEGER, label TEXT, PRIMARY KEY (room, slot));
            INSERT INTO shelf VALUES ('a', 1, 'top'), ('a', 2, 'bottom'), ('b', 1, 'left');
            CREATE TABLE book (id INTEGER PRIMARY KEY, title TEXT, room TEXT, slot INTEGER,
              FOREIGN KEY (room, slot) REFERENCES shelf (room, slot));
            INSERT INTO book VALUES (1, 'Dune', 'a', 2), (2, 'Emma', 'b', 1), (3, 'Ulysses', 'a', 1), (4, 'Nowhere', NULL, 1);
            CREATE TABLE loan (id INTEGER PRIMARY KEY, room TEXT, slot INTEGER, FOREIGN KEY (room, slot) REFERENCES shelf);
            INSERT INTO loan VALUES (1, 'b', 1);
            """)
    }

    override func tearDown() {
        fixture.remove()
    }

    /// An app on `table` and a runner drawing it at 120x8.
    private func run(_ table: String) throws -> (App, HeadlessRunner) {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: table)
        return (app, HeadlessRunner(app: app, columns: 120, rows: 8))
    }

    func testTheKeysEveryColumnIsFound() throws {
        let lookup = ForeignKeyLookup(database: try fixture.open())
        let named = try XCTUnwrap(try lookup.reference(from: "book", column: "SLOT"))
        XCTAssertEqual(named, ForeignKeyReference(column: "slot", table: "shelf", columns: ["room", "slot"], referencedColumns: ["room", "slot"]))
        XCTAssertEqual(named.referencedColumn, "slot")
        // No referenced columns named: the shelf's primary key, both its columns.
        let primary = try XCTUnwrap(try lookup.reference(from: "loan", column: "room"))
        XCTAssertEqual(primary.referencedColumns, ["room", "slot"])
        XCTAssertEqual(try lookup.key(of: primary, values: [.text("b"), .integer(1)]), RowKey(values: [.integer(3)]), "the rowid of b, 1")
    }

    func testZBracketBringsInTheLabelMatchedOnBothColumns() throws {
        let (app, runner) = try run("book")
        let prompt = runner.run(try KeyScript.parse("$z]")).last ?? []
        XCTAssertEqual(app.prompt.current?.text,
                       #"(SELECT "referenced"."label" FROM "shelf" AS "referenced" WHERE "referenced"."room" = "book"."room""#
                       + #" AND "referenced"."slot" = "book"."slot") AS "room_slot_label""#, prompt.joined(separator: "\n"))
        runner.run(try KeyScript.parse("<Enter>"))
        let grid = try XCTUnwrap(app.currentGrid)
        XCTAssertEqual(grid.source.columns.last?.header, "=room_slot_label")
        XCTAssertEqual(try grid.source.rows(0..<4).map { $0.values[4] }, [.text("bottom"), .text("left"), .text("top"), .null])
        runner.run(try KeyScript.parse("s"))
        XCTAssertEqual(try grid.source.rows(0..<4).map { $0.values[0] }, [.integer(4), .integer(1), .integer(2), .integer(3)])
        let filtered = runner.run(try KeyScript.parse("froom_slot_label = 'left'<Enter>")).last ?? []
        XCTAssertTrue(filtered.last?.contains("book  1/1") ?? false, filtered.last ?? "")
        XCTAssertTrue(filtered.joined().contains("Emma"), filtered.joined(separator: "\n"))
    }

    func testBracketFollowsTheKeyToTheShelfBothColumnsName() throws {
        let (app, runner) = try run("book")
        let followed = runner.run(try KeyScript.parse("jll]")).last ?? []
        XCTAssertTrue(followed.last?.contains("shelf.(room, slot) = ('b', 1)  ([ back)") ?? false, followed.last ?? "")
        XCTAssertTrue(followed.last?.contains("shelf  3/3  room") ?? false, followed.last ?? "")
        XCTAssertEqual(app.selectedTableName, "shelf")
        let back = runner.run(try KeyScript.parse("[")).last ?? []
        XCTAssertTrue(back.last?.contains("back to book") ?? false, back.last ?? "")
        let none = try fixture.screen("jjjlll]", columns: 120, rows: 8, table: "book")
        XCTAssertTrue(none.last?.contains("room is NULL: (room, slot) refers to no shelf row") ?? false, none.last ?? "")
    }
}
