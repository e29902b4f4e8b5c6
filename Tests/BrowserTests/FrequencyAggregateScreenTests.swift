import ORMCore
import XCTest
@testable import Browser

/// Aggregates in the frequency table on SQLite, on the screen: `+` and a letter on a column sets
/// one (the header says which), `F` on another column shows each per group, `+-` removes them,
/// `!` and `gF` group by several columns, `s` sorts the groups by an aggregate, and `Enter` opens
/// the rows a group stands for, `q` going back to the table.
final class FrequencyAggregateScreenTests: XCTestCase {
    private var fixture: BrowserFixture!

    override func setUpWithError() throws {
        fixture = try BrowserFixture.withSales()
    }

    override func tearDown() {
        fixture.remove()
    }

    private func screen(_ keys: String, columns: Int = 120) throws -> [String] {
        try XCTUnwrap(fixture.headless(keys, columns: columns, rows: 10, table: "sales").last)
    }

    func testTheHeaderShowsTheAggregatesSetAndTheStatusSaysWhatFWillShow() throws {
        let lines = try screen("lll+s+a")
        XCTAssertTrue(lines[0].contains("│amount+sum,mean │qty │"), lines[0])
        XCTAssertTrue(lines.last?.contains("mean of amount added: F on another column shows it per value") ?? false, lines.last ?? "")
        let removed = try screen("lll+s+a+-")
        XCTAssertTrue(removed[0].contains("│amount │"), removed[0])
        XCTAssertTrue(removed.last?.contains("aggregates of amount removed") ?? false, removed.last ?? "")
    }

    func testFShowsEachAggregatePerGroupRightAlignedWithThousandsGrouped() throws {
        let lines = try screen("lll+s+a+d+u+<lt>+>hhF", columns: 140)
        assertScreen(Array(lines.prefix(4)), [
            " │region │count │percent │histogram           │amount_sum │amount_mean │amount_stddev │amount_distinct │amount_min │amount_max │",
            "1│north  │     3│   50.00│████████████████████│   1,530.50│      510.17│        857.67│               3│      10.00│   1,500.50│",
            "2│south  │     2│   33.33│█████████████▍      │      12.00│        6.00│          1.41│               2│       5.00│       7.00│",
            "3│∅      │     1│   16.67│██████▋             │       1.00│        1.00│             ∅│               1│       1.00│       1.00│",
        ])
    }

    func testTheMedianOnSQLiteIsEachGroupsMiddleValue() throws {
        let lines = try screen("lll+mhhF")
        XCTAssertEqual(Array(lines.prefix(4)), [
            " │region │count │percent │histogram           │amount_median │",
            "1│north  │     3│   50.00│████████████████████│         20.00│",
            "2│south  │     2│   33.33│█████████████▍      │          6.00│",
            "3│∅      │     1│   16.67│██████▋             │          1.00│",
        ])
    }

    func testGFGroupsByTheKeyColumnsMarkedWithBang() throws {
        let marked = try screen("l!l!")
        XCTAssertTrue(marked[0].contains("│region◆1 │year◆2 │amount │"), marked[0])
        let lines = try screen("l!l!l+sgF")
        assertScreen(Array(lines.prefix(6)), [
            " │region │year │count │percent │histogram           │amount_sum │",
            "1│north  │ 2023│     2│   33.33│████████████████████│      30.00│",
            "2│∅      │ 2024│     1│   16.67│██████████          │       1.00│",
            "3│north  │ 2024│     1│   16.67│██████████          │   1,500.50│",
            "4│south  │ 2023│     1│   16.67│██████████          │       5.00│",
            "5│south  │ 2024│     1│   16.67│██████████          │       7.00│",
        ])
        let none = try screen("gF")
        XCTAssertTrue(none.last?.contains("no key column: ! on a column makes it one") ?? false, none.last ?? "")
    }

    func testTheGroupsSortByAnAggregate() throws {
        let lines = try screen("lll+shhF$s")
        XCTAssertTrue(lines[0].contains("amount_sum▲"), lines[0])
        XCTAssertTrue(lines[1].hasPrefix("1│∅ "), lines[1])
        XCTAssertTrue(lines[2].hasPrefix("2│south "), lines[2])
        XCTAssertTrue(lines[3].hasPrefix("3│north "), lines[3])
        let descending = try screen("lll+shhF$ss")
        XCTAssertTrue(descending[1].hasPrefix("1│north "), descending[1])
    }

    func testEnterOpensTheGroupsRowsAndQGoesBackToTheTable() throws {
        let rows = try screen("lll+shhF<Enter>")
        XCTAssertTrue(rows.last?.contains("sales where region = 'north'  1/3") ?? false, rows.last ?? "")
        XCTAssertTrue(rows.joined().contains("1500.5"))
        XCTAssertFalse(rows.joined().contains("south"))
        let back = try screen("lll+shhF<Enter>q")
        XCTAssertTrue(back.last?.hasPrefix(" FREQUENCY ") ?? false, back.last ?? "")
        XCTAssertTrue(back[0].contains("amount_sum"), back[0])
        let null = try screen("lF jj<Enter>".replacingOccurrences(of: " ", with: ""))
        XCTAssertTrue(null.last?.contains("sales where region IS NULL  1/1") ?? false, null.last ?? "")
    }

    func testEnterOnAGroupOfSeveralColumnsKeepsTheViewsFilter() throws {
        let rows = try screen("fqty > 1<Enter>l!l!gFjj<Enter>")
        XCTAssertTrue(rows.last?.contains("sales where region = 'north' AND year = 2024  1/1  id  filter qty > 1") ?? false,
                      rows.last ?? "")
        let back = try screen("fqty > 1<Enter>l!l!gFjj<Enter><Esc>")
        XCTAssertTrue(back.last?.hasPrefix(" FREQUENCY ") ?? false, back.last ?? "")
    }

    func testTheHelpListsTheAggregateAndKeyColumnKeys() throws {
        let help = try fixture.screen("?", columns: 120, rows: 100, table: "sales")
        for (keys, text) in [("+s", "aggregate: sum"), ("+m", "aggregate: median"), ("+-", "remove the cursor column's aggregates"),
                             ("!", "make the cursor column a key column"), ("gF", "frequency table grouped by the key columns (!)")] {
            XCTAssertTrue(help.contains { $0.hasPrefix("  \(keys) ") && $0.contains(text) }, "\(keys): \(help.joined(separator: "\n"))")
        }
    }

    func testAFrequencyTableWithAggregatesExportsInItsOrder() throws {
        let file = fixture.directory.appendingPathComponent("groups.csv").path
        let lines = try screen("l!l!l+s+agF$hsX\(file)<Enter>", columns: 160)
        XCTAssertTrue(lines.last?.contains("exported 5 rows to \(file)") ?? false, lines.last ?? "")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        XCTAssertEqual(text.split(separator: "\r\n").prefix(3), [
            "region,year,count,percent,histogram,amount_sum,amount_mean",
            ",2024,1,16.67,██████████,1.0,1.0",
            "south,2023,1,16.67,██████████,5.0,5.0",
        ])
    }

    func testEscStopsAFrequencyTableStillAggregating() throws {
        try Database(path: fixture.path).executeScript("""
            CREATE VIEW endless_rows AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x, x % 3 AS k FROM c;
            """)
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "endless_rows")
        app.resize(columns: 80, rows: 6)  // the first frame: the view opened, its first rows read
        try app.waitForWaitedWork()
        for case .key(let key) in try KeyScript.parse("+slF") {
            _ = app.handle(key)
        }
        XCTAssertNotNil(app.pending.work, "the groups of endless rows are still being counted")
        XCTAssertEqual(app.handle(.escape), .redraw, "Esc stops it")
        XCTAssertNil(app.pending.work)
        XCTAssertNotEqual(app.state.top.mode, .frequency)
        XCTAssertEqual(app.currentGrid?.aggregates, [ColumnAggregate(column: "x", aggregate: .sum)], "the aggregate stays with the view")
    }
}
