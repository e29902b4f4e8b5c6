import Foundation
import ORMCore
import XCTest
@testable import Browser
import TestSupport

/// `I`, the column summary, on the screen: what it shows for numbers, dates, text, BLOBs, mixed
/// and NULL columns, an empty and a one-row table; columns filling in and `Esc` stopping them;
/// `Enter` going to a column, `F` counting one, the view's filter, query results and the help.
final class SummaryScreenTests: XCTestCase {
    private var fixture: BrowserFixture!

    override func setUpWithError() throws {
        fixture = try BrowserFixture()
        try Database(path: fixture.path).executeScript("""
            CREATE TABLE readings (id INTEGER PRIMARY KEY, score REAL, label TEXT, day TEXT, mixed, data BLOB);
            INSERT INTO readings VALUES
              (1, 1.5, 'a', '2024-01-01', 1, X'00'),
              (2, 2.5, 'b' || char(10) || 'c', '2024-01-03', 'x', NULL),
              (3, NULL, 'a', '2024-01-05', 2.5, X'0102'),
              (4, 4.0, NULL, NULL, NULL, X'00'),
              (5, 2.5, '漢字テスト and a long label that goes on', '2024-01-09', 3, NULL);
            CREATE TABLE hollow (a INTEGER, b TEXT);
            CREATE TABLE single (n INTEGER, at TEXT);
            INSERT INTO single VALUES (7, '2024-02-29T10:00:00Z');
            """)
    }

    override func tearDown() {
        fixture.remove()
    }

    /// The screen once `keys` are played on the fixture and the summary they end on is complete:
    /// the runner's settling waits ten seconds at most, which a busy machine may need for a
    /// statement's results and their summary.
    private func summary(_ keys: String, columns: Int, rows: Int, table: String) throws -> [String] {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: table)
        let runner = HeadlessRunner(app: app, columns: columns, rows: rows)
        var screen = runner.run(try KeyScript.parse(keys)).last ?? []
        try waitUntil("the summary is complete", between: { _ = runner.run([.wait(milliseconds: 10)]) }) {
            // The screen is one drawn after the summary ended, with no statistic still to come
            // (one run in many showed … in every cell, drawn after a summary was seen ended).
            guard let ended = app.currentGrid?.source as? SummarySource, !ended.isCounting else {
                return false
            }
            screen = runner.run([]).last ?? []
            return app.currentGrid?.source === ended && !screen.contains { $0.contains("│" + SummarySource.pending) }
        }
        return screen
    }

    func testIShowsOneRowAColumnWithItsStatistics() throws {
        assertScreen(try summary("I", columns: 120, rows: 10, table: "readings"), [
            " │column │type   │stored           │nulls │null % │distinct │min       │p25       │median    │p75       │max",
            "1│id     │INTEGER│integer          │     0│    0.0│        5│         1│         2│         3│         4│5",
            "2│score  │REAL   │real             │     1│   20.0│        3│       1.5│      2.25│       2.5│     2.875│4.0",
            "3│label  │TEXT   │text             │     1│   20.0│        3│a         │          │          │          │漢字テスト and…",
            "4│day    │TEXT   │text (dates)     │     1│   20.0│        4│2024-01-01│2024-01-01│2024-01-03│2024-01-05│2024-01-09",
            "5│mixed  │       │integer+real+text│     1│   20.0│        4│         1│      1.75│       2.5│      2.75│x",
            "6│data   │BLOB   │blob             │     2│   40.0│        2│<1 B> 00  │          │          │          │<2 B> 0102",
            "",
            "",
            " SUMMARY  Enter: go to the column  F: its values  q: back                                         readings  1/6  column",
        ])
        assertScreen(try summary("I$", columns: 120, rows: 10, table: "readings"), [
            " │column │p75       │max                                     │histogram       │mean      │stddev  │mode      │mode # │",
            "1│id     │         4│                                       5│█████           │      3.00│    1.58│         1│      1│",
            "2│score  │     2.875│                                     4.0│▄     █        ▄│      2.62│    1.03│       2.5│      2│",
            "3│label  │          │漢字テスト and a long label that goes on│                │          │        │a         │      2│",
            "4│day    │2024-01-05│2024-01-09                              │█   █   █      █│2024-01-04│3.4 days│2024-01-01│      1│",
            "5│mixed  │      2.75│x                                       │▄ █             │      2.17│    1.04│         1│      1│",
            "6│data   │          │<2 B> 0102                              │                │          │        │<1 B> 00  │      2│",
            "",
            "",
            " SUMMARY  Enter: go to the column  F: its values  q: back                                         readings  1/6  mode #",
        ])
    }

    func testAnEmptyTableAndAOneRowTable() throws {
        assertScreen(try summary("I", columns: 100, rows: 6, table: "hollow"), [
            " │column │type   │stored │nulls │null % │distinct │min │p25 │median │p75 │max │histogram │mean │std…",
            "1│a      │INTEGER│       │     0│       │        0│    │    │       │    │    │          │     │",
            "2│b      │TEXT   │       │     0│       │        0│    │    │       │    │    │          │     │",
            "",
            "",
            " SUMMARY  Enter: go to the column  F: its values  q: back                       hollow  1/2  column",
        ])
        assertScreen(try summary("I$", columns: 120, rows: 6, table: "single"), [
            " │column │max                 │histogram       │mean               │stddev │mode                │mode # │",
            "1│n      │                   7│█               │               7.00│       │                   7│      1│",
            "2│at     │2024-02-29T10:00:00Z│█               │2024-02-29 10:00:00│       │2024-02-29T10:00:00Z│      1│",
            "",
            "",
            " SUMMARY  Enter: go to the column  F: its values  q: back                                           single  1/2  mode #",
        ])
    }

    func testTheCursorStartsOnTheGridsColumnAndEnterGoesBackToTheColumnOnTheRow() throws {
        let summary = try summary("llI", columns: 120, rows: 10, table: "readings")
        XCTAssertTrue(summary.last?.hasSuffix("readings  3/6  column") ?? false, summary.joined(separator: "\n"))
        let back = try fixture.screen("llI<dump>j<Enter>", columns: 120, rows: 10, table: "readings")
        XCTAssertTrue(back.last?.hasPrefix(" BROWSE ") ?? false, back.joined(separator: "\n"))
        XCTAssertTrue(back.last?.hasSuffix("readings  1/5  day") ?? false, back.joined(separator: "\n"))
        let escaped = try fixture.screen("llI<dump>j<Esc>", columns: 120, rows: 10, table: "readings")
        XCTAssertTrue(escaped.last?.hasSuffix("readings  1/5  label") ?? false, escaped.joined(separator: "\n"))
    }

    func testHiddenColumnsAreLeftOutAndEnterFindsTheColumnByName() throws {
        let summary = try summary("l-l-I", columns: 120, rows: 10, table: "readings")
        XCTAssertEqual(summary.prefix(5).map { String($0.prefix(9)) }, [" │column ", "1│id     ", "2│label  ", "3│mixed  ", "4│data   "])
        XCTAssertTrue(summary.last?.hasSuffix("readings  3/4  column") ?? false, summary.joined(separator: "\n"))
        let back = try fixture.screen("l-l-Ij<Enter>", columns: 120, rows: 10, table: "readings")
        XCTAssertTrue(back.last?.contains("readings  1/5  data") ?? false && back.last?.hasSuffix("2 hidden") ?? false, back.joined(separator: "\n"))
    }

    func testFOnARowCountsThatColumnAndEnterThereOpensTheRowsOfAValue() throws {
        let counted = try fixture.screen("IjjjF", columns: 80, rows: 8, table: "readings")
        XCTAssertEqual(Array(counted.prefix(2)), [
            " │day       │count │percent │histogram           │",
            "1│∅         │     1│   20.00│████████████████████│",
        ])
        XCTAssertTrue(counted.last?.hasPrefix(" FREQUENCY ") ?? false, counted.joined(separator: "\n"))
        let filtered = try fixture.screen("IjjjFj<Enter>", columns: 80, rows: 8, table: "readings")
        XCTAssertTrue(filtered.last?.hasPrefix(" RESULTS  q: back to the frequency table") ?? false, filtered.joined(separator: "\n"))
        XCTAssertTrue(filtered.last?.contains("readings where day = '2024-01-01'  1/1") ?? false, filtered.joined(separator: "\n"))
    }

    func testTheViewsFilterIsSummarisedAndQueryResultsToo() throws {
        let filtered = try summary("fid > 2<Enter>I", columns: 120, rows: 10, table: "readings")
        XCTAssertEqual(Array(filtered[2...5]), [
            "2│score  │REAL   │real        │     1│   33.3│        2│       2.5│     2.875│      3.25│     3.625│4.0",
            "3│label  │TEXT   │text        │     1│   33.3│        2│a         │          │          │          │漢字テスト and a lo…",
            "4│day    │TEXT   │text (dates)│     1│   33.3│        2│2024-01-05│2024-01-05│2024-01-05│2024-01-05│2024-01-09",
            "5│mixed  │       │integer+real│     1│   33.3│        2│       2.5│     2.625│      2.75│     2.875│3",
        ])
        XCTAssertTrue(filtered.last?.hasSuffix("readings where id > 2  1/6  column") ?? false, filtered.joined(separator: "\n"))
        let results = try summary("eSELECT id * 2 AS twice, label FROM readings<Enter>I", columns: 120, rows: 6, table: "readings")
        XCTAssertEqual(Array(results.prefix(3)), [
            " │column │type │stored │nulls │null % │distinct │min │p25 │median │p75 │max                                     │histog…",
            "1│twice  │     │integer│     0│    0.0│        5│   2│   4│      6│   8│                                      10│█ █ █ …",
            "2│label  │TEXT │text   │     1│   20.0│        3│a   │    │       │    │漢字テスト and a long label that goes on│",
        ], results.joined(separator: "\n"))  // the status bar says why, should the summary not be there
        XCTAssertTrue(results.last?.hasSuffix("query  1/2  column") ?? false, results.joined(separator: "\n"))
    }

    func testRComputesTheSummaryAgainAndShowsItsProgressNotAMessage() throws {
        let screen = try summary("Ir", columns: 120, rows: 10, table: "readings")
        XCTAssertEqual(screen[2], "2│score  │REAL   │real             │     1│   20.0│        3│       1.5│      2.25│       2.5│     2.875│4.0")
        XCTAssertTrue(screen.last?.hasPrefix(" SUMMARY  Enter: go to the column  F: its values  q: back") ?? false,
                      screen.joined(separator: "\n"))
    }

    func testTheHelpListsI() throws {
        let help = try fixture.screen("?", columns: 120, rows: 90, table: "readings")
        XCTAssertTrue(help.contains { $0.contains("I") && $0.contains("summary of every column") }, help.joined(separator: "\n"))
    }

    func testColumnsShowPendingWhileComputedAndEscStopsThenGoesBack() throws {
        // A view whose rows never end: its overview never comes.
        try Database(path: fixture.path).executeScript(
            "CREATE VIEW forever AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c")
        let patient = CountLimits(catalogTime: .seconds(3_600), gridTime: .seconds(3_600), outOfSight: .seconds(3_600))
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "forever", countLimits: patient)
        app.resize(columns: 100, rows: 6)
        // The view opens in the background when slow.
        try waitUntil("the view opened", between: { _ = app.tick(); pause(seconds: 0.005) }) { app.pending.work == nil }
        _ = app.handle(.character("I"))
        let pending = render(app)
        XCTAssertEqual(pending[1], "1│x      │     │…      │…     │…      │…        │…   │…   │…      │…   │…   │…         │…    │…", pending.joined(separator: "\n"))
        XCTAssertTrue(pending.last?.contains("summarising: 0 of 1 column  (Esc stops)") ?? false, pending.joined(separator: "\n"))
        // A statistic still being computed is not a value: y copies nothing (it copied "…").
        _ = app.handle(.character("l"))
        _ = app.handle(.character("l"))
        XCTAssertEqual(app.handle(.character("y")), Outcome([.redraw]))
        XCTAssertTrue(render(app).last?.contains("stored is not computed yet: nothing copied") ?? false, render(app).joined(separator: "\n"))
        _ = app.handle(.character("0"))
        XCTAssertEqual(app.handle(.character("y")), Outcome([.redraw, .copy("x")]), "the column's name is known")
        XCTAssertEqual(app.handle(.character("Y")), Outcome([.redraw, .copy("x" + String(repeating: "\t", count: 15))]),
                       "the row: its name and type, the rest left empty")

        _ = app.handle(.escape)
        try waitUntil("the summary stopped", between: { _ = app.tick(); pause(seconds: 0.005) }) {
            !(app.currentGrid?.source.isCounting ?? false)
        }
        _ = app.tick()
        let stopped = render(app)
        XCTAssertEqual(stopped[1], "1│x      │     │?      │?     │?      │?        │?   │?   │?      │?   │?   │?         │?    │?", stopped.joined(separator: "\n"))
        XCTAssertTrue(stopped.last?.hasPrefix(" SUMMARY  stopped with 0 of 1 column summarised: r computes again") ?? false,
                      stopped.joined(separator: "\n"))

        _ = app.handle(.escape)
        XCTAssertTrue(render(app).last?.hasPrefix(" BROWSE ") ?? false, render(app).joined(separator: "\n"))
    }

    func testCellsOfAColumnNotComputedYetStoppedAndNotApplicable() {
        var summary = ColumnSummary(name: "n", declaredType: "INTEGER")
        XCTAssertEqual(SummarySource.values(of: summary, stopped: false)[2...6], [.text("…"), .text("…"), .text("…"), .text("…"), .text("…")])
        summary.rows = 4
        summary.nonNull = 3
        summary.minimum = .text("a")
        let overview = SummarySource.values(of: summary, stopped: true)
        XCTAssertEqual(overview[2...6], [.text("?"), .integer(1), .real(25.0), .text("?"), .text("a")])
        ValueDistribution().finish(into: &summary)
        XCTAssertEqual(SummarySource.values(of: summary, stopped: true)[11...13], [.text(""), .text(""), .text("")])
    }

    private func render(_ app: App) -> [String] {
        let backend = MemoryBackend(columns: app.size.columns, rows: app.size.rows)
        Terminal(backend: backend).draw { app.render(&$0) }
        return backend.lines().map { line in
            var trimmed = line
            while trimmed.last == " " {
                trimmed.removeLast()
            }
            return trimmed
        }
    }
}
