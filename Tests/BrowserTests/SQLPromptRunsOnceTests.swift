import Foundation
import ORMCore
import XCTest
@testable import Browser
import TestSupport

/// A statement typed at the SQL prompt runs once, as written: its rows are stored in reef's own
/// copy, which the grid sorts, filters and counts without running the statement again.
final class SQLPromptRunsOnceTests: XCTestCase {
    private var fixture: BrowserFixture!

    override func setUpWithError() throws {
        fixture = try BrowserFixture()
        try fixture.open().executeScript("CREATE TABLE log (n INTEGER, note TEXT)")
    }

    override func tearDown() {
        fixture.remove()
    }

    private func scalar(_ sql: SQL) throws -> SQLValue? {
        try fixture.open().scalar(sql)
    }

    /// An `INSERT … RETURNING` inserts its rows once and shows them with the true count; sorted,
    /// filtered, scrolled to the end and counted, it never runs again.
    func testInsertReturningRunsOnceAndItsRowsAreSortedFilteredAndCounted() throws {
        let insert = "INSERT INTO log (n, note) WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 250) "
            + "SELECT n, 'row ' || n FROM c RETURNING n, note"
        let screen = try fixture.screen("e" + insert + "<Enter>" + "s" + "s" + "fn % 50 = 0<Enter>" + "G", columns: 80, rows: 8)
        assertScreen(screen, [
            " │n ▼│note   │",
            "1│250│row 250│",
            "2│200│row 200│",
            "3│150│row 150│",
            "4│100│row 100│",
            "5│ 50│row 50 │",
            "",
            " RESULTS  ? help                      query  5/5  n  sort n▼  filter n % 50 = 0",
        ])
        XCTAssertEqual(try scalar("SELECT count(*) FROM log"), .integer(250), "the insert ran once")
    }

    /// The status bar tells the rows an `INSERT … RETURNING` changed beside those it returned.
    func testInsertReturningTellsTheRowsChanged() throws {
        let screen = try fixture.screen("eINSERT INTO log (n) VALUES (7), (8) RETURNING n * 2 AS twice<Enter>", columns: 80, rows: 5)
        assertScreen(screen, [
            " │twice │",
            "1│    14│",
            "2│    16│",
            "",
            " RESULTS  2 rows changed, 2 rows returned                     query  1/2  twice",
        ])
        XCTAssertEqual(try scalar("SELECT count(*) FROM log"), .integer(2))
    }

    /// The results are a copy: a change to the table after the query leaves them as they were,
    /// and `r` reads the copy again, not the table.
    func testTheResultsAreACopyThatRDoesNotRunAgain() throws {
        let keys = "eSELECT name FROM artists ORDER BY id<Enter>"
        let screen = try fixture.screen(keys + "eUPDATE artists SET name = 'Changed'<Enter>" + "r", columns: 60, rows: 6)
        XCTAssertTrue(screen[1].hasPrefix("1│Ada "), screen[1])
        XCTAssertEqual(try scalar("SELECT count(*) FROM artists WHERE name = 'Changed'"), .integer(3))
    }

    /// Names a statement repeats are told apart in the stored copy, and values keep their type.
    func testRepeatedNamesAndEveryKindOfValueSurvive() throws {
        let screen = try fixture.screen("eSELECT 1 AS a, 'x' AS a, NULL, 2.5, X'00FF', '007'<Enter>", columns: 80, rows: 4)
        assertScreen(screen.map(withoutTiming), [
            " │a  │a:2 │NULL │2.5 │X'00FF'   │'007' │",
            "1│  1│x   │∅    │ 2.5│<2 B> 00ff│007   │",
            "",
            " RESULTS  ? help                                                  query  1/1  a",
        ].map(withoutTiming))
    }

    /// `BEGIN` opens the session's own transaction: the status bar says so, `w` leaves staged
    /// edits for later, and `ROLLBACK` undoes what ran inside it.
    func testBeginIsShownAndRollbackUndoes() throws {
        let open = try fixture.screen("eBEGIN<Enter>" + "eINSERT INTO log (n) VALUES (1)<Enter>", columns: 100, rows: 4, table: "log")
        XCTAssertTrue(open.last?.contains("in transaction") == true, open.last ?? "")
        let closed = try fixture.screen("eBEGIN<Enter>" + "eINSERT INTO log (n) VALUES (1)<Enter>" + "eROLLBACK<Enter>",
                                        columns: 100, rows: 4, table: "log")
        XCTAssertFalse(closed.last?.contains("in transaction") == true, closed.last ?? "")
        XCTAssertEqual(try scalar("SELECT count(*) FROM log"), .integer(0))
    }

    /// Quitting with the prompt's transaction open asks first: `c` commits it, `r` rolls it back.
    func testQuittingAsksWhatToDoWithAnOpenTransaction() throws {
        let asked = try fixture.screen("eBEGIN<Enter>eINSERT INTO log (n) VALUES (1)<Enter>Q", columns: 100, rows: 4, table: "log")
        XCTAssertEqual(asked.last, "A transaction is open: c commit and quit, r roll back and quit, Esc stay?")
        _ = try fixture.screen("eBEGIN<Enter>eINSERT INTO log (n) VALUES (1)<Enter>Qr", columns: 100, rows: 4, table: "log")
        XCTAssertEqual(try scalar("SELECT count(*) FROM log"), .integer(0))
        _ = try fixture.screen("eBEGIN<Enter>eINSERT INTO log (n) VALUES (2)<Enter>Qc", columns: 100, rows: 4, table: "log")
        XCTAssertEqual(try scalar("SELECT n FROM log"), .integer(2))
    }

    /// While the prompt's transaction is open `w` writes nothing and says why.
    func testWWaitsForThePromptsTransaction() throws {
        let screen = try fixture.screen("eBEGIN<Enter>" + "li<C-u>Zed<Enter>" + "w", columns: 160, rows: 4, table: "artists")
        XCTAssertTrue(screen.last?.contains("a transaction typed at the SQL prompt is open") == true, screen.last ?? "")
        XCTAssertEqual(try scalar("SELECT count(*) FROM artists WHERE name = 'Zed'"), .integer(0))
    }

    /// `Esc` stops an endless statement and keeps the rows that arrived, sortable as any.
    func testStoppingKeepsTheRowsThatArrived() throws {
        let runner = StatementRunner(database: try fixture.open())
        let result = BackgroundResult {
            Handover(value: try runner.run("WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c) SELECT n FROM c"))
        }
        try waitUntil("3,000 rows arrived") { runner.progress.value >= 3_000 }
        runner.interruption.interrupt()
        try waitUntil("the statement stopped") { result.result != nil }
        let rows = try XCTUnwrap(try result.result?.get().value.rows)
        XCTAssertTrue(rows.wasStopped)
        XCTAssertGreaterThanOrEqual(rows.count, 3_000)
        XCTAssertEqual(try rows.source.count(), rows.count, "every row that arrived is stored")
        let sorted = try rows.source.applying(sort: GridSort(column: 0, descending: true), filter: nil)
        XCTAssertEqual(try sorted.rows(0..<1).first?.values, [.integer(Int64(rows.count))])
    }
}
