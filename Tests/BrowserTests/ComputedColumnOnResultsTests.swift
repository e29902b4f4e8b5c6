import Foundation
import ORMCore
import Synchronization
import XCTest
@testable import Browser

/// `=` on a statement's results (the SQL prompt's grid): the column is computed by SQLite over
/// reef's copy of the rows (decision 0010: the statement is not run again), and sorts, filters,
/// counts and exports like a table's; reef's own screens say why they take none.
final class ComputedColumnOnResultsTests: XCTestCase {
    /// The fixture database, new for each test.
    private var fixture: BrowserFixture!

    override func setUpWithError() throws {
        fixture = try BrowserFixture()
    }

    override func tearDown() {
        fixture.remove()
    }

    func testAResultsColumnIsComputedOverTheCopySortedFilteredCountedAndExported() throws {
        let statements = Mutex<[String]>([])
        var configuration = Configuration()
        configuration.tracer = { sql in statements.withLock { $0.append(sql) } }
        let app = try App(database: try Database(path: fixture.path, configuration: configuration), theme: .builtinDefault,
                          initialTable: "artists")
        let runner = HeadlessRunner(app: app, columns: 100, rows: 8)
        let added = runner.run(try KeyScript.parse("eSELECT id, name FROM artists<Enter>=length(name) * 2 AS twice<Enter>")).last ?? []
        XCTAssertTrue(added[0].hasSuffix("│id │name         │=twice │"), added.joined(separator: "\n"))
        XCTAssertTrue(added.last?.contains("computed column twice added") ?? false, added.last ?? "")
        let grid = try XCTUnwrap(app.currentGrid)
        XCTAssertNotNil(grid.source.resultStore)
        XCTAssertEqual(try grid.source.rows(0..<3).map { $0.values[2] }, [.integer(6), .integer(10), .integer(24)])
        runner.run(try KeyScript.parse("ss"))
        XCTAssertEqual(try XCTUnwrap(app.currentGrid).source.rows(0..<3).map { $0.values[0] }, [.integer(3), .integer(2), .integer(1)],
                       "by twice, descending")
        let filtered = runner.run(try KeyScript.parse("ftwice > 8<Enter>")).last ?? []
        XCTAssertTrue(filtered.last?.contains("query  1/2") ?? false, filtered.last ?? "")
        let file = fixture.directory.appendingPathComponent("twice.csv").path
        runner.run(try KeyScript.parse("X\(file)<Enter>"))
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8).split(separator: "\r\n"),
                       ["id,name,twice", "3,Emoji 😀 band,24", "2,漢字テスト,10"])
        let counted = runner.run(try KeyScript.parse("F")).last ?? []
        XCTAssertTrue(counted.joined().contains("twice"), counted.joined(separator: "\n"))
        XCTAssertTrue(counted.last?.hasPrefix(" FREQUENCY ") ?? false, counted.last ?? "")
        // `EXPLAIN` reads the statement's program (is it a plain projection?) without running it.
        let typed = statements.withLock { $0 }.filter { $0.contains("FROM artists") && !$0.hasPrefix("EXPLAIN ") }
        XCTAssertEqual(typed.count, 1, "the statement ran once: \(typed)")
    }

    /// A frequency table and a pivot table take one, computed by the database from each row's
    /// values: it sorts and filters, and `-` drops it; a summary says why it takes none.
    func testAFrequencyAndAPivotTableTakeOneASummarySaysWhyNot() throws {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "albums")
        let runner = HeadlessRunner(app: app, columns: 120, rows: 8)
        let added = runner.run(try KeyScript.parse("lF=count * 10 AS tens<Enter>")).last ?? []
        XCTAssertTrue(added[0].contains("│=tens │"), added.joined(separator: "\n"))
        XCTAssertTrue(added.last?.contains("computed column tens added") ?? false, added.last ?? "")
        let grid = try XCTUnwrap(app.currentGrid)
        let last = grid.source.columns.count - 1
        XCTAssertEqual(try grid.source.rows(0..<4).map { [$0.values[1], $0.values[last]] },
                       [[.integer(2), .integer(20)], [.integer(1), .integer(10)], [.integer(1), .integer(10)]])
        let filtered = runner.run(try KeyScript.parse("ftens > 10<Enter>")).last ?? []
        XCTAssertTrue(filtered.last?.contains("1/1") ?? false, filtered.last ?? "")
        runner.run(try KeyScript.parse("f<C-u><Enter>ss"))
        XCTAssertEqual(try XCTUnwrap(app.currentGrid).source.rows(0..<1).map { $0.values[last] }, [.integer(20)], "by tens, descending")
        let dropped = runner.run(try KeyScript.parse("-")).last ?? []
        XCTAssertFalse(dropped[0].contains("tens"), dropped.joined(separator: "\n"))
        XCTAssertTrue(dropped.last?.contains("computed column tens dropped") ?? false, dropped.last ?? "")
        let refused = runner.run(try KeyScript.parse("=count(*) AS n<Enter>")).last ?? []
        XCTAssertTrue(refused.last?.contains("takes its value from its own row") ?? false, refused.joined(separator: "\n"))

        let pivot = try fixture.screen("l!lW$=Total * 2 AS double<Enter>", columns: 140, rows: 6, table: "albums")
        XCTAssertTrue(pivot[0].hasSuffix("│Total │=double │"), pivot.joined(separator: "\n"))
        XCTAssertTrue(pivot[1].hasSuffix("│     2│       4│") && pivot[4].hasSuffix("│     4│       8│"), pivot.joined(separator: "\n"))
        let summary = try fixture.screen("I=", columns: 140, rows: 6, table: "artists")
        XCTAssertTrue(summary.last?.contains("a summary's rows are columns") ?? false, summary.last ?? "")
    }

    /// `=` typed while the rows still arrive opens its prompt once the last one has come, the keys
    /// typed meanwhile played then.
    func testEqualsWaitsForTheLastRow() throws {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "artists")
        let runner = HeadlessRunner(app: app, columns: 100, rows: 8)
        let statement = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 200000) SELECT x FROM c"
        let lines = runner.run(try KeyScript.parse("e\(statement)<Enter>=x * 2 AS twice<Enter>")).last ?? []
        let grid = try XCTUnwrap(app.currentGrid)
        XCTAssertEqual(grid.source.columns.map(\.name), ["x", "twice"], lines.joined(separator: "\n"))
        XCTAssertEqual(try grid.source.rows(199_999..<200_000).map { $0.values }, [[.integer(200_000), .integer(400_000)]])
    }
}
