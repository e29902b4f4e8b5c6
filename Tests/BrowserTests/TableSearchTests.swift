import Foundation
import ORMCore
import Synchronization
import XCTest
@testable import Browser

/// `/` on a table is searched by the database, in the view's own order and filter: a miss, a
/// wrap around the end, a sorted and filtered view, numbers and NULLs as shown, a long value, and
/// a long search stopped between its statements (`Esc`), telling how far it came.
final class TableSearchTests: XCTestCase {
    /// The fixture database, new for each test, with `items`.
    private var fixture: BrowserFixture!

    /// Builds the fixture and `items`: 3,000 rows, `needle` in the names of rows 10 and 2,500,
    /// `qty` cycling through 0-99, `price` a quarter of the id, row 7's price infinite, NULL tags
    /// but for row 20 (a blob holding `Blobby` after a NUL).
    override func setUpWithError() throws {
        fixture = try BrowserFixture()
        try Database(path: fixture.path).executeScript("""
            CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT, qty INTEGER, price REAL, tag BLOB);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
            INSERT INTO items SELECT i, CASE WHEN i IN (10, 2500) THEN 'a Needle ' || i ELSE 'item ' || i END,
              i * 37 % 100, CASE WHEN i = 7 THEN 9e999 ELSE i / 4.0 END, CASE WHEN i = 20 THEN X'00426C6F626279' END FROM n;
            """)
    }

    /// Removes the fixture.
    override func tearDown() {
        fixture.remove()
    }

    /// `items` as the grid reads it, sorted and filtered when asked.
    private func source(sort: GridSort? = nil, filter: String? = nil) throws -> TableSource {
        try TableSource(table: try fixture.open().table("items"), sort: sort, filter: filter)
    }

    /// The name in row `row` of `view`.
    private func name(inRow row: Int, of view: TableSource) throws -> String {
        try XCTUnwrap(view.rows(row..<(row + 1)).first).values[1].castText
    }

    /// A search that finds nothing says so, and the cursor stays.
    func testASearchThatFindsNothingSaysSoAndTheCursorStays() throws {
        let screen = try fixture.screen("jj/zzq<Enter>", columns: 80, rows: 3, table: "items")
        XCTAssertEqual(screen.last, " BROWSE  not found: zzq                                      items  3/3,000  id")
        XCTAssertNil(try source().find(GridSearch(text: "zzq"), in: 0..<Int.max, forward: true))
    }

    /// From the last match `/` wraps to the first, and `N` from the first wraps back to the last;
    /// `n` goes on in order. The cursor lands on the column that matched.
    func testASearchWrapsAroundTheEnds() throws {
        let screens = try fixture.headless("G/needle<Enter><dump>n<dump>N<dump>N", columns: 80, rows: 3, table: "items")
        XCTAssertEqual(screens[0].last, " BROWSE  search hit BOTTOM, continuing at TOP             items  10/3,000  name")
        XCTAssertEqual(screens[1].last, " BROWSE  /needle  row 2500                             items  2,500/3,000  name")
        XCTAssertEqual(screens[2].last, " BROWSE  /needle  row 10                                  items  10/3,000  name")
        XCTAssertEqual(screens[3].last, " BROWSE  search hit TOP, continuing at BOTTOM          items  2,500/3,000  name")
    }

    /// A sorted, filtered view is searched in its own order, only among the rows it shows: the
    /// row found is the next one after the cursor there, as `ORDER BY` and `WHERE` give them.
    func testASortedFilteredViewIsSearchedInItsOrder() throws {
        let database = try fixture.open()
        let view = try source(sort: GridSort(keys: [.init(column: 2, descending: true), .init(column: 3, descending: false)]),
                              filter: "id % 3 = 0")
        // Whether each row of the view, in its order, has a 7 in any column as SQLite writes it.
        let sevens = try database.fetchAll("""
            SELECT instr(id || '|' || name || '|' || qty || '|' || price, '7') > 0
            FROM items WHERE id % 3 = 0 ORDER BY qty DESC, price, id
            """).map { $0[0] == .integer(1) }
        XCTAssertEqual(try view.count(), sevens.count)
        let search = GridSearch(text: "m 7")  // "item 7…": the names only, not the numbers
        let first = try XCTUnwrap(try view.find(search, in: 0..<Int.max, forward: true))
        XCTAssertTrue(try name(inRow: first, of: view).hasPrefix("item 7"))
        let next = try XCTUnwrap(try view.find(search, in: (first + 1)..<Int.max, forward: true))
        XCTAssertGreaterThan(next, first)
        XCTAssertTrue(try name(inRow: next, of: view).hasPrefix("item 7"))
        let before = try view.find(search, in: 0..<first, forward: false)
        XCTAssertNil(before, "nothing before the first match")
        // The filter leaves out rows 10 and 2,500: `needle` is not found in the view.
        XCTAssertNil(try view.find(GridSearch(text: "needle"), in: 0..<Int.max, forward: true))
        XCTAssertEqual(try view.find(GridSearch(text: "7"), in: 0..<Int.max, forward: true), sevens.firstIndex(of: true))
        XCTAssertEqual(try view.find(GridSearch(text: "7"), in: 0..<Int.max, forward: false), sevens.lastIndex(of: true))
    }

    /// Numbers are found as SQLite writes them (`2.25`, `Inf`), NULLs never, a blob by its bytes
    /// after a NUL; text no number can hold does not turn numbers into text.
    func testNumbersNullsAndBlobsAreFoundAsShown() throws {
        let items = try source()
        XCTAssertEqual(try items.find(GridSearch(text: "2.25"), in: 0..<Int.max, forward: true), 8)  // price of id 9
        XCTAssertEqual(try items.find(GridSearch(text: "INF"), in: 0..<Int.max, forward: true), 6)   // id 7
        XCTAssertEqual(try items.find(GridSearch(text: "blobby"), in: 0..<Int.max, forward: true), 19)
        XCTAssertNil(try items.find(GridSearch(text: "null"), in: 0..<Int.max, forward: true))
        let condition = GridSearch(text: "zq").condition(columns: ["qty"])
        XCTAssertTrue(condition.text.hasSuffix(" ELSE 0 END"), condition.text)
        XCTAssertTrue(GridSearch(text: "1.5e+2").condition(columns: ["qty"]).text.hasSuffix(#" ELSE instr(lower(CAST("qty" AS TEXT)), ?) > 0 END"#))
    }

    /// A long text is searched whole, past what the grid keeps of it, in a sorted view.
    func testALongValueIsSearchedWhole() throws {
        let long = String(repeating: "x", count: 2 << 20) + "Tail"
        try fixture.open().execute("UPDATE items SET name = ? WHERE id = 1500", long)
        let view = try source(sort: GridSort(column: 0, descending: true))
        XCTAssertEqual(try view.find(GridSearch(text: "xtail"), in: 0..<Int.max, forward: true), 1500)
        XCTAssertNil(try view.find(GridSearch(text: "tailx"), in: 0..<Int.max, forward: true))
    }

    /// A search is told between statements how many rows it has checked, and stops there when
    /// asked to (what `Esc` does): in key order a slice of keys a statement, in a sorted view a
    /// chunk of positions.
    func testALongSearchTellsItsProgressAndStopsBetweenStatements() throws {
        for view in [try source(), try source(sort: GridSort(column: 1, descending: false))] {
            let told = Mutex<[Int]>([])
            let stop = StopFlag()
            XCTAssertThrowsError(try view.find(GridSearch(text: "zzq"), in: 0..<Int.max, forward: true, isCancelled: { stop.isRaised },
                                               progress: { checked in
                                                   told.withLock { $0.append(checked) }
                                                   stop.set()
                                               })) { error in
                XCTAssertTrue(error is CancellationError, "\(error)")
            }
            let checked = told.withLock { $0 }
            XCTAssertEqual(checked.count, 1, "stopped after the first statement")
            XCTAssertGreaterThan(checked.first ?? 0, 0)
            XCTAssertLessThan(checked.first ?? .max, 3000)
        }
    }

    /// The status bar's progress adds up both parts of a search (after the cursor, then round
    /// from the top) and says nothing before the first statement ends.
    func testTheProgressCountsBothPartsOfASearch() {
        let progress = SearchProgress()
        XCTAssertNil(progress.text(of: 1_000_000))
        progress.check(1_024)
        progress.check(261_120)
        XCTAssertEqual(progress.text(of: 1_000_000), "261,120 of 1,000,000 rows")
        progress.finishPart()
        progress.check(2_048)
        XCTAssertEqual(progress.text(of: nil), "263,168 rows")
    }
}
