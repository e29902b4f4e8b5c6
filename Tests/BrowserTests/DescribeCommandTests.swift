import XCTest

@testable import Browser

/// The SQL prompt's describing commands, as psql (`\d`, `\dt`, `\dv`) and the sqlite3 shell
/// (`.tables`, `.schema`) spell them: listings of the schema's objects with their kinds and
/// counts, and a table's schema view, each opened over the screen it was typed on.
final class DescribeCommandTests: XCTestCase {
    private var fixture: BrowserFixture!

    override func setUpWithError() throws {
        fixture = try BrowserFixture()
    }

    override func tearDown() {
        fixture.remove()
    }

    func testParsing() {
        XCTAssertEqual(DescribeCommand.parse("\\d"), .list(.all, matching: nil))
        XCTAssertEqual(DescribeCommand.parse("  .tables  "), .list(.all, matching: nil))
        XCTAssertEqual(DescribeCommand.parse("\\dt al*"), .list(.tables, matching: "al*"))
        XCTAssertEqual(DescribeCommand.parse("\\dv"), .list(.views, matching: nil))
        XCTAssertEqual(DescribeCommand.parse("\\dm+"), .list(.materializedViews, matching: nil))
        XCTAssertEqual(DescribeCommand.parse("\\d albums"), .describe("albums"))
        XCTAssertEqual(DescribeCommand.parse("\\d al%"), .list(.all, matching: "al%"))
        XCTAssertEqual(DescribeCommand.parse(".schema albums"), .describe("albums"))
        XCTAssertEqual(DescribeCommand.parse(".schema"), .usage(".schema NAME shows the schema of table NAME; .tables lists them"))
        XCTAssertEqual(DescribeCommand.parse("\\dn"), .schemas)
        XCTAssertNil(DescribeCommand.parse("SELECT 1"))
        XCTAssertNil(DescribeCommand.parse("\\n saved"), "a named query's command")
        XCTAssertEqual(DescribeCommand.parse(#"\d "my ""odd"" table""#), .describe(#"my "odd" table"#))
        XCTAssertEqual(DescribeCommand.parse("\\d albums artists"),
                       .usage(#"\d takes one name, in double quotes when it holds spaces (\d "my table")"#))
    }

    func testPatterns() {
        XCTAssertTrue(DescribeCommand.name("Albums", matches: "al*"))
        XCTAssertTrue(DescribeCommand.name("albums", matches: "*BUM?"))
        XCTAssertTrue(DescribeCommand.name("albums", matches: "%"))
        XCTAssertTrue(DescribeCommand.name("a", matches: "**a**"))
        XCTAssertFalse(DescribeCommand.name("albums", matches: "al"))
        XCTAssertFalse(DescribeCommand.name("albums", matches: "?lbum"))
        XCTAssertFalse(DescribeCommand.name("", matches: "?"))
        XCTAssertTrue(DescribeCommand.name("", matches: "*"))
    }

    /// (`<dump>` first: the screen settles, its counts done, before the listing is made.)
    func testBackslashDListsTablesAndViewsWithTheirKindsAndCounts() throws {
        let lines = try fixture.screen("<dump>e\\d<Enter>", columns: 80, rows: 10)
        XCTAssertEqual(Array(lines.prefix(8)), [
            "Tables and views (5): \\d NAME describes one",
            "name            kind   rows",
            "album_titles    view      4",
            "albums          table     4",
            "artists         table     3",
            "my \"odd\" table  table     2",
            "pairs           table     3",
            "",
        ])
    }

    func testTablesOnlyViewsOnlyAndAPattern() throws {
        let tables = try fixture.screen("<dump>e\\dt a*<Enter>", columns: 80, rows: 10)
        XCTAssertEqual(tables[0], "Tables (2) matching a*: \\d NAME describes one")
        XCTAssertEqual(Array(tables[2...3]), ["albums   table     4", "artists  table     3"])
        let views = try fixture.screen("<dump>e\\dv<Enter>", columns: 80, rows: 10)
        XCTAssertEqual(views[0], "Views (1): \\d NAME describes one")
        XCTAssertEqual(views[2], "album_titles  view     4")
        let none = try fixture.screen("e.tables zz*<Enter>", columns: 80, rows: 4)
        XCTAssertTrue(none.last?.contains("no tables or views matching zz*") == true, none.last ?? "")
    }

    func testBackslashDNameOpensTheSchemaViewMatchingNamesAsSQLiteDoes() throws {
        let lines = try fixture.screen("e\\d ALBUMS<Enter>", columns: 80, rows: 12)
        XCTAssertEqual(lines[0], "Schema of albums")
        XCTAssertTrue(lines.contains { $0.contains("artist_id") }, lines.joined(separator: "\n"))
        XCTAssertTrue(lines.last?.hasPrefix(" SCHEMA") == true, lines.last ?? "")
        let sqlite = try fixture.screen("e.schema artists<Enter>", columns: 80, rows: 12)
        XCTAssertEqual(sqlite[0], "Schema of artists")
        let odd = try fixture.screen(#"e\d "my ""odd"" table"<Enter>"#, columns: 80, rows: 12)
        XCTAssertEqual(odd[0], #"Schema of my "odd" table"#)
        let missing = try fixture.screen("e\\d nosuch<Enter>", columns: 80, rows: 12)
        XCTAssertTrue(missing.contains { $0.contains("No table or view named nosuch.") }, missing.joined(separator: "\n"))
    }
}
