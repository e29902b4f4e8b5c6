import ORMCore
import XCTest
@testable import Browser
import TestSupport

/// `F`, the frequency table of a column, on the screen: what it shows, `Enter` filtering the grid
/// to a value, the view's filter counted under, query results, and going back.
final class FrequencyScreenTests: XCTestCase {
    private var fixture: BrowserFixture!

    override func setUpWithError() throws {
        fixture = try BrowserFixture()
    }

    override func tearDown() {
        fixture.remove()
    }

    func testFShowsEachValueWithItsCountShareAndBar() throws {
        let screens = try fixture.headless("lF", columns: 80, rows: 8, table: "albums")
        assertScreen(try XCTUnwrap(screens.last), [
            " │artist_id │count │percent │histogram           │",
            "1│         1│     2│   50.00│████████████████████│",
            "2│         2│     1│   25.00│██████████          │",
            "3│         3│     1│   25.00│██████████          │",
            "",
            "",
            "",
            " FREQUENCY  Enter: albums where artist_id is the value artist_id in albums  1/3",
        ])
    }

    func testEnterFiltersTheGridToTheValueAndEscGoesBack() throws {
        let filtered = try XCTUnwrap(fixture.headless("lFj<Enter>", columns: 80, rows: 8, table: "albums").last)
        XCTAssertTrue(filtered.last?.hasPrefix(" RESULTS  q: back to the frequency table") ?? false, filtered.joined(separator: "\n"))
        XCTAssertTrue(filtered.last?.contains("albums where artist_id = 2  1/1") ?? false, filtered.joined(separator: "\n"))
        XCTAssertTrue(filtered.joined().contains("東京"))

        let back = try XCTUnwrap(fixture.headless("lF<Esc>", columns: 80, rows: 8, table: "albums").last)
        XCTAssertTrue(back.last?.contains("albums  1/4") ?? false, back.joined(separator: "\n"))
        XCTAssertTrue(back.last?.hasPrefix(" BROWSE ") ?? false, back.joined(separator: "\n"))
    }

    func testTheViewsFilterIsCountedUnderAndKeptWhenFilteringToAValue() throws {
        let counted = try XCTUnwrap(fixture.headless("fid > 1<Enter>llF", columns: 80, rows: 8, table: "artists").last)
        XCTAssertEqual(Array(counted.prefix(3)), [
            " │country │count │percent │histogram           │",
            "1│∅       │     1│   50.00│████████████████████│",
            "2│JP      │     1│   50.00│████████████████████│",
        ])
        let filtered = try XCTUnwrap(fixture.headless("fid > 1<Enter>llF<Enter>", columns: 110, rows: 8, table: "artists").last)
        XCTAssertTrue(filtered.last?.contains("artists where country IS NULL  1/1  id  filter id > 1") ?? false,
                      filtered.joined(separator: "\n"))
        XCTAssertTrue(filtered.joined().contains("Emoji 😀 band"))
    }

    func testQueryResultsHaveFrequencyTablesToo() throws {
        let keys = "eSELECT artist_id % 2 AS parity, title FROM albums<Enter>F"
        let screen = try XCTUnwrap(fixture.headless(keys, columns: 80, rows: 8, table: "albums").last)
        XCTAssertEqual(Array(screen.prefix(3)), [
            " │parity │count │percent │histogram           │",
            "1│      1│     3│   75.00│████████████████████│",
            "2│      0│     1│   25.00│██████▋             │",
        ])
        let back = try XCTUnwrap(fixture.headless(keys + "<Enter>", columns: 80, rows: 8, table: "albums").last)
        XCTAssertTrue(back.last?.contains("query where parity = 1  1/3") ?? false, back.joined(separator: "\n"))
    }

    func testCountsAreGroupedByThousands() throws {
        let keys = "eWITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2500) SELECT i % 2 AS parity FROM n<Enter>F"
        let runner = HeadlessRunner(app: try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "albums"),
                                    columns: 80, rows: 8)
        var screen = runner.run(try KeyScript.parse(keys)).last ?? []
        // F waits for the statement's last row, then counts.
        try waitUntil("the frequency table is shown") {
            screen = runner.run(try KeyScript.parse("<wait:20>")).last ?? []
            return screen.first?.hasPrefix(" │parity │count") == true
        }
        XCTAssertEqual(Array(screen.prefix(2)), [
            " │parity │count │percent │histogram           │",
            "1│      0│ 1,250│   50.00│████████████████████│",
        ], screen.joined(separator: "\n"))
    }

    func testTheFrequencyTableSortsAndSearchesLikeAnyGrid() throws {
        let screen = try XCTUnwrap(fixture.headless("lFs", columns: 80, rows: 8, table: "albums").last)
        XCTAssertEqual(screen[1], "1│         1│     2│   50.00│████████████████████│")
        XCTAssertEqual(screen[0], " │artist_id▲│count │percent │histogram           │")
        XCTAssertTrue(screen.last?.hasPrefix(" FREQUENCY  sorted by artist_id ascending") ?? false, screen.joined(separator: "\n"))
        let found = try XCTUnwrap(fixture.headless("lF/3<Enter>", columns: 80, rows: 8, table: "albums").last)
        XCTAssertTrue(found.last?.contains("artist_id in albums  3/3") ?? false, found.joined(separator: "\n"))
    }

    func testACountedColumnNamedCountIsToldApartFromTheCount() throws {
        try Database(path: fixture.path).executeScript("""
            CREATE TABLE tallies (id INTEGER PRIMARY KEY, count INTEGER);
            INSERT INTO tallies (count) VALUES (5), (5), (5), (1), (9), (9);
            """)
        // `s` on the second column sorts by how often each value comes, not by the values.
        let screen = try XCTUnwrap(fixture.headless("lFls", columns: 80, rows: 6, table: "tallies").last)
        XCTAssertEqual(screen[0], " │count │count:1▲│percent │histogram           │")
        XCTAssertEqual(screen[1], "1│     1│       1│   16.67│██████▋             │")
        XCTAssertEqual(screen[2], "2│     9│       2│   33.33│█████████████▍      │")
        XCTAssertEqual(screen[3], "3│     5│       3│   50.00│████████████████████│")
        XCTAssertTrue(screen.last?.hasPrefix(" FREQUENCY  sorted by count:1 ascending") ?? false, screen.joined(separator: "\n"))
    }
}
