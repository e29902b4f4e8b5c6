import ORMCore
import XCTest
@testable import Browser

/// `zs` adds the cursor column to the sort without dropping the others: the header shows each
/// key's place and direction, the SQL orders by all of them (quoted) with the row key last, and
/// the cursor stays on its row.
final class MultiSortTests: XCTestCase {
    /// The fixture database, new for each test.
    private var fixture: BrowserFixture!

    /// Builds the fixture.
    override func setUpWithError() throws {
        fixture = try BrowserFixture()
    }

    /// Removes the fixture.
    override func tearDown() {
        fixture.remove()
    }

    /// Two keys: the header marks each with its place, the rows follow both, the status bar
    /// names them in order.
    func testTwoKeysInTheHeaderAndTheOrder() throws {
        let screen = try fixture.screen("lzslzszs", columns: 100, rows: 6, table: "albums")
        assertScreen(screen, [
            "Tables (5)        │ │id │artist_id▲1│title▼2│cover                  │notes",
            "album_titles ◇   4│1│  1│          1│First  │<9 B> 89504e470d0a1a0a…│A long note that goes on and o…",
            "albums           4│2│  2│          1│       │∅                      │∅",
            "artists          3│3│  3│          2│東京   │<2 B> 00ff             │line one↵line two",
            "my \"odd\" table   2│4│  4│          3│∅      │∅                      │emoji 🎉 party",
            " BROWSE  sorted by artist_id ▲, title ▼                  albums  1/4  title  sort artist_id▲ title▼",
        ])
    }

    /// A third `zs` takes the column out and keeps the other key; `s` sorts by one column again.
    func testAThirdPressTakesTheColumnOutAndSStartsAgain() throws {
        let screens = try fixture.headless("lzslzszszs<dump>hhzslls", columns: 100, rows: 3, table: "albums")
        XCTAssertEqual(screens[0][0], "Tables (5)        │ │id │artist_id▲│title │cover                  │notes")
        XCTAssertEqual(screens[0].last?.hasPrefix(" BROWSE  sorted by artist_id ▲ "), true, screens[0].last ?? "")
        // Widths fitted to the marks (`▲1`) narrow again once the marks are gone (the cursor's
        // row, album 1, keeps its blob in sight).
        XCTAssertEqual(screens[1][0], "Tables (5)        │ │id │artist_id │title▲│cover                  │notes")
        XCTAssertEqual(screens[1].last?.hasPrefix(" BROWSE  sorted by title ascending "), true, screens[1].last ?? "")
    }

    /// The cursor stays on its row (by key) when a key is added.
    func testTheCursorStaysOnItsRow() throws {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "albums")
        let runner = HeadlessRunner(app: app, columns: 100, rows: 6)
        _ = runner.run(try KeyScript.parse("jlzs"))  // the row of id 2, sorted by artist_id
        XCTAssertEqual(app.currentGrid?.cursorRow, 1)
        _ = runner.run(try KeyScript.parse("lzszs"))  // then title descending: id 1 "First" before id 2 ""
        let grid = try XCTUnwrap(app.currentGrid)
        XCTAssertEqual(try grid.shownValues(at: grid.cursorRow)?.first, .integer(2))
        XCTAssertEqual(grid.cursorRow, 1)
        XCTAssertEqual(grid.source.sort?.keys, [GridSort.Key(column: 1, descending: false), GridSort.Key(column: 2, descending: true)])
    }

    /// A table's statement orders by every key, quoted, then by the row key.
    func testTableSQLOrdersByEveryKeyThenTheRowKey() throws {
        let database = try fixture.open()
        let sort = try XCTUnwrap(GridSort(keys: [.init(column: 1, descending: false), .init(column: 0, descending: true)]))
        let source = try TableSource(table: database.table("my \"odd\" table"), sort: sort)
        let sql = try source.query.selectStatement().text
        XCTAssertTrue(sql.hasSuffix(#"ORDER BY "select", "a col" DESC, "my ""odd"" table"."rowid""#), sql)
        XCTAssertEqual(try source.rows(0..<2).map(\.values[1]), [.integer(1), .integer(2)])
    }

    /// Query results order by every key, quoted, numbering rows in that order for search too.
    func testQueryResultsOrderByEveryKey() throws {
        let sort = try XCTUnwrap(GridSort(keys: [.init(column: 1, descending: true), .init(column: 0, descending: false)]))
        let query = RelationQuery(relation: "(SELECT * FROM t)", columnNames: ["a col", "select"], sort: sort)
        XCTAssertEqual(query.window(offset: 0, limit: 5).text, #"SELECT * FROM (SELECT * FROM t) ORDER BY "select" DESC, "a col" LIMIT ? OFFSET ?"#)
        XCTAssertTrue(query.find(text: "x", in: 0..<9, forward: true).text
            .contains(#"row_number() OVER (ORDER BY "select" DESC, "a col") - 1"#))
    }

    /// What `zs` does to a sort, key by key.
    func testAddingAColumnToASort() {
        let first = GridSort.adding(column: 3, to: nil)
        XCTAssertEqual(first?.keys, [.init(column: 3, descending: false)])
        let second = GridSort.adding(column: 1, to: first)
        XCTAssertEqual(second?.keys, [.init(column: 3, descending: false), .init(column: 1, descending: false)])
        let flipped = GridSort.adding(column: 3, to: second)
        XCTAssertEqual(flipped?.keys, [.init(column: 3, descending: true), .init(column: 1, descending: false)])
        XCTAssertEqual(GridSort.adding(column: 3, to: flipped)?.keys, [.init(column: 1, descending: false)])
        XCTAssertNil(GridSort.adding(column: 3, to: GridSort(column: 3, descending: true)))
        XCTAssertEqual(GridWidget.sortMark(of: 1, in: second), "▲2")
        XCTAssertEqual(GridWidget.sortMark(of: 3, in: first), "▲")
        XCTAssertNil(GridWidget.sortMark(of: 0, in: second))
    }
}
