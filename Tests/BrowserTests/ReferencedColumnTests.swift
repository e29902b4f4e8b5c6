import Foundation
import ORMCore
import XCTest
@testable import Browser

/// `z]` on a foreign key brings a column of the referenced table into the view (the artist's name
/// beside `artist_id`), as a computed column the database reads by the key: the `=` prompt opens
/// with its subquery, `Enter` adds it, and it sorts like any other column.
final class ReferencedColumnTests: XCTestCase {
    /// The fixture database, new for each test.
    private var fixture: BrowserFixture!

    override func setUpWithError() throws {
        fixture = try BrowserFixture()
        try Database(path: fixture.path).executeScript("""
            CREATE TABLE staff (id INTEGER PRIMARY KEY, badge INTEGER, name TEXT, boss INTEGER REFERENCES staff(id));
            INSERT INTO staff VALUES (1, 100, 'Grace', NULL), (2, 200, 'Alan', 1), (3, 300, 'Ada', 2);
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

    /// The subquery names the referenced table's first text column outside its key, under an
    /// alias of its own, compared with the outer row's key column; the name joins both columns.
    func testThePromptTextReadsTheReferencedTablesTextColumnByTheKey() throws {
        let database = try fixture.open()
        let artists = try XCTUnwrap(try database.tableInfo("artists"))
        let reference = ForeignKeyReference(column: "artist_id", table: "artists", referencedColumn: "id")
        XCTAssertEqual(
            ReferencedColumn.promptText(for: reference, of: "albums", target: artists, dialect: database.dialect),
            #"(SELECT "referenced"."name" FROM "artists" AS "referenced" WHERE "referenced"."id" = "albums"."artist_id") AS "artist_id_name""#)
        // A table named like the alias gets another one, so its own key is still the outer row's.
        XCTAssertTrue(ReferencedColumn.promptText(for: reference, of: "Referenced", target: artists, dialect: database.dialect)
            .hasPrefix(#"(SELECT "referenced row"."name" FROM "artists" AS "referenced row""#))
        // The badge is a number: the name is shown rather than it.
        let staff = try XCTUnwrap(try database.tableInfo("staff"))
        let boss = ForeignKeyReference(column: "boss", table: "staff", referencedColumn: "id")
        XCTAssertEqual(ReferencedColumn.shownColumn(of: staff, reference: boss), "name")
    }

    /// `z]` on `artist_id` opens the prompt with the subquery; `Enter` adds the artist's name to
    /// each album, `s` sorts the albums by it.
    func testTheReferencedNameIsBroughtInAndSorts() throws {
        let (app, runner) = try run("albums")
        _ = runner.run(try KeyScript.parse("lz]"))
        XCTAssertEqual(app.prompt.current?.kind, .computeColumn)
        XCTAssertTrue(app.prompt.current?.text.hasSuffix(#"AS "artist_id_name""#) ?? false, app.prompt.current?.text ?? "")
        let added = runner.run(try KeyScript.parse("<Enter>")).last ?? []
        let grid = try XCTUnwrap(app.currentGrid)
        XCTAssertEqual(grid.source.columns.last?.name, "artist_id_name", added.joined(separator: "\n"))
        let last = grid.source.columns.count - 1
        XCTAssertEqual(try grid.source.rows(0..<4).map { $0.values[last] },
                       [.text("Ada"), .text("Ada"), .text("漢字テスト"), .text("Emoji 😀 band")])
        _ = runner.run(try KeyScript.parse("s"))
        XCTAssertEqual(try grid.source.rows(0..<4).map { $0.values[0] }, [.integer(1), .integer(2), .integer(4), .integer(3)],
                       "by the artist's name: Ada, Ada, Emoji, 漢字")
    }

    /// A table referring to itself: each member of staff beside their boss's name, not their own.
    func testASelfReferenceReadsTheOtherRow() throws {
        let (app, runner) = try run("staff")
        _ = runner.run(try KeyScript.parse("$z]<Enter>"))
        let grid = try XCTUnwrap(app.currentGrid)
        XCTAssertEqual(grid.source.columns.last?.name, "boss_name")
        let last = grid.source.columns.count - 1
        XCTAssertEqual(try grid.source.rows(0..<3).map { $0.values[last] }, [.null, .text("Grace"), .text("Alan")])
    }

    /// A column that is no foreign key says so; nothing opens.
    func testAColumnThatIsNoForeignKeySaysSo() throws {
        let (app, runner) = try run("albums")
        let screen = runner.run(try KeyScript.parse("llz]")).last ?? []
        XCTAssertNil(app.prompt.current)
        XCTAssertTrue(screen.last?.contains("title is not a foreign key") ?? false, screen.joined(separator: "\n"))
    }
}
