import Foundation
import ORMCore
import XCTest
@testable import Browser
import TestSupport

/// `=` adds a column computed by an SQL expression to a table's view, through the keys: it sorts,
/// filters, counts and exports like any other column, is not editable (the rest of the row is),
/// lasts through a reload, and a bad expression is refused at the prompt with the database's
/// message, adding nothing. `-` on it drops it.
final class ComputedColumnScreenTests: XCTestCase {
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

    /// An app on `artists` and a runner drawing it at 100x8.
    private func run() throws -> (App, HeadlessRunner) {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "artists")
        try app.waitForWaitedWork()  // the tests read its grid before playing a key
        return (app, HeadlessRunner(app: app, columns: 100, rows: 8))
    }

    /// The column is added last, marked `=` in its header, the cursor on it; `s` sorts by it and
    /// `f` filters on it by name.
    func testAddSortAndFilterByAComputedColumn() throws {
        let (app, runner) = try run()
        let added = runner.run(try KeyScript.parse("=length(name) AS len<Enter>")).last ?? []
        XCTAssertEqual(added[0], "Tables (5)        │ │id │name         │country │=len │", added.joined(separator: "\n"))
        XCTAssertEqual(added[1], "album_titles ◇   4│1│  1│Ada          │UK      │    3│")
        XCTAssertTrue(added.last?.hasPrefix(" BROWSE  computed column len added; - on it drops it") ?? false, added.last ?? "")
        let grid = try XCTUnwrap(app.currentGrid)
        XCTAssertEqual(grid.cursorColumn, 3)
        let sorted = runner.run(try KeyScript.parse("s")).last ?? []
        XCTAssertEqual(sorted[0], "Tables (5)        │ │id │name         │country │=len▲│", sorted.joined(separator: "\n"))
        XCTAssertEqual(grid.source.sort, GridSort(column: 3, descending: false))
        let filtered = runner.run(try KeyScript.parse("flen > 4<Enter>")).last ?? []
        XCTAssertEqual(try grid.source.count(), 2, filtered.joined(separator: "\n"))
        XCTAssertEqual(try grid.source.rows(0..<2).map { $0.values[3] }, [.integer(5), .integer(12)])
        XCTAssertEqual(grid.source.filter, "len > 4")
    }

    /// `F` on the computed column counts its values in the view (the filter too).
    func testFrequencyOfAComputedColumn() throws {
        let (app, runner) = try run()
        let lines = runner.run(try KeyScript.parse("=id % 2 AS odd<Enter>F")).last ?? []
        let frequencies = try XCTUnwrap(app.currentGrid)
        XCTAssertEqual(frequencies.source.columns.first?.name, "odd", lines.joined(separator: "\n"))
        XCTAssertEqual(try frequencies.source.rows(0..<2).map { Array($0.values.prefix(2)) },
                       [[.integer(1), .integer(2)], [.integer(0), .integer(1)]])
    }

    /// `X` writes the computed column with the others, in the view's order and filter.
    func testExportWritesTheComputedColumn() throws {
        let csv = fixture.directory.appendingPathComponent("computed.csv").path
        _ = try fixture.screen("=id * 10 AS tens<Enter>sfid > 1<Enter>X\(csv)<Enter>", columns: 100, rows: 6, table: "artists")
        XCTAssertEqual(try String(contentsOfFile: csv, encoding: .utf8), """
            id,name,country,tens\r
            2,漢字テスト,JP,20\r
            3,Emoji 😀 band,,30\r

            """)
    }

    /// Editing the computed cell is refused; the row's own cells stay editable and commit.
    func testTheComputedCellIsReadOnly() throws {
        let (app, runner) = try run()
        let refused = runner.run(try KeyScript.parse("=upper(name) AS shout<Enter>i")).last ?? []
        XCTAssertTrue(refused.last?.contains("computed column: not editable") ?? false, refused.joined(separator: "\n"))
        let committed = runner.run(try KeyScript.parse("<Esc>hhi<C-u>Bea<Enter>w")).last ?? []
        let grid = try XCTUnwrap(app.currentGrid)
        XCTAssertEqual(try grid.source.rows(0..<1).first?.values.suffix(3), [.text("Bea"), .text("UK"), .text("BEA")],
                       committed.joined(separator: "\n"))
        XCTAssertEqual(try Database(path: fixture.path).scalar("SELECT name FROM artists WHERE id = 1"), .text("Bea"))
    }

    /// `r` keeps the computed column and its sort; `-` on it drops it (and its sort key).
    func testReloadKeepsItAndMinusDropsIt() throws {
        let (app, runner) = try run()
        _ = runner.run(try KeyScript.parse("=-id AS minus<Enter>sr"))
        let grid = try XCTUnwrap(app.currentGrid)
        XCTAssertEqual(grid.source.columns.map(\.header), ["id", "name", "country", "=minus"])
        XCTAssertEqual(try grid.source.rows(0..<3).map { $0.values[0] }, [.integer(3), .integer(2), .integer(1)])
        let dropped = runner.run(try KeyScript.parse("-")).last ?? []
        XCTAssertEqual(grid.source.columns.map(\.header), ["id", "name", "country"])
        XCTAssertNil(grid.source.sort)
        XCTAssertTrue(dropped.last?.hasPrefix(" BROWSE  computed column minus dropped") ?? false, dropped.last ?? "")
    }

    /// `q` drops the computed column the cursor is on: the cursor goes to the last column left,
    /// and `s` sorts by it (it indexed past the columns and crashed).
    func testTheCursorOnADroppedComputedColumnMovesToTheLastColumnLeft() throws {
        let (app, runner) = try run()
        _ = runner.run(try KeyScript.parse("=id * 10 AS tens<Enter>$q"))
        let grid = try XCTUnwrap(app.currentGrid)
        XCTAssertEqual(grid.source.columns.map(\.header), ["id", "name", "country"])
        XCTAssertEqual(grid.cursorColumn, 2)
        let sorted = runner.run(try KeyScript.parse("s")).last ?? []
        XCTAssertEqual(grid.source.sort, GridSort(column: 2, descending: false), sorted.joined(separator: "\n"))
        XCTAssertTrue(sorted.last?.contains("country  sort country▲") ?? false, sorted.joined(separator: "\n"))
    }

    /// Another process's commit shows with the computed column computed afresh (live refresh).
    func testLiveRefreshKeepsIt() throws {
        let (app, runner) = try run()
        _ = runner.run(try KeyScript.parse("=upper(name) AS shout<Enter>"))
        try Database(path: fixture.path).execute("UPDATE artists SET name = 'changed elsewhere' WHERE id = 1")
        var screen: [String] = []
        try waitUntil("the other process's commit shows") {
            screen = runner.run(try KeyScript.parse("<wait:20><dump>")).last ?? []
            return screen.joined().contains("CHANGED ELSEWHERE")
        }
        XCTAssertEqual(app.currentGrid?.source.columns.map(\.header), ["id", "name", "country", "=shout"])
    }

    /// A bad expression gets the database's message, the prompt again with the text typed, and
    /// no new column; a name taken is refused too.
    func testABadExpressionIsRefusedAtThePrompt() throws {
        let (app, runner) = try run()
        let refused = runner.run(try KeyScript.parse("=nosuch + 1<Enter>")).last ?? []
        let grid = try XCTUnwrap(app.currentGrid)
        XCTAssertEqual(grid.source.columns.map(\.name), ["id", "name", "country"])
        XCTAssertEqual(app.prompt.current?.kind, .computeColumn)
        XCTAssertEqual(app.prompt.current?.text, "nosuch + 1")
        XCTAssertTrue(refused.last?.contains("(no such column: nosuch) Compute (expression [AS name]): nosuch + 1") ?? false,
                      refused.joined(separator: "\n"))
        let taken = runner.run(try KeyScript.parse("<Esc>=1 AS NAME<Enter>")).last ?? []
        XCTAssertEqual(grid.source.columns.count, 3)
        XCTAssertTrue(taken.last?.contains("has a column name already") ?? false, taken.joined(separator: "\n"))
    }

    /// An aggregate would make the view one row (`count(*)` over the table), a window function
    /// would be computed over the whole table for each window read: both are refused, the view
    /// keeps its rows; a subquery of another table is a value of the row and is taken.
    func testAnAggregateOrAWindowFunctionIsRefused() throws {
        let (app, runner) = try run()
        let grid = try XCTUnwrap(app.currentGrid)
        for expression in ["count(*) AS n", "row_number() OVER () AS rn"] {
            let refused = runner.run(try KeyScript.parse("=\(expression)<Enter>")).last ?? []
            XCTAssertEqual(grid.source.columns.count, 3, expression)
            XCTAssertEqual(try grid.source.count(), 3, expression)
            XCTAssertTrue(refused.last?.contains("takes its value from its own row") ?? false, refused.joined(separator: "\n"))
            _ = runner.run(try KeyScript.parse("<Esc>"))
        }
        _ = runner.run(try KeyScript.parse("=(SELECT count(*) FROM albums WHERE albums.artist_id = artists.id) AS albums<Enter>"))
        XCTAssertEqual(try grid.source.rows(0..<3).map { $0.values[3] }, [.integer(2), .integer(1), .integer(1)])
    }
}
