import ORMCore
import Synchronization
import XCTest
@testable import Browser
import TestSupport

/// `gy` copies the cursor column and `gY` the view (filter, sort, columns shown) to the clipboard
/// as CSV, TSV or JSON; past the clipboard limit nothing is sent and the status bar says so.
final class CopyViewTests: XCTestCase {
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

    /// Plays `keys` on `table`; returns what reached the clipboard and the last screen.
    private func run(_ keys: String, table: String, columns: Int = 100) throws -> ([String], [String]) {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: table)
        let runner = HeadlessRunner(app: app, columns: columns, rows: 4)
        let screens = runner.run(try KeyScript.parse(keys))
        return (runner.backend.clipboard, screens.last ?? [])
    }

    /// `gy` and Enter: the cursor column as TSV (a header, then one value a line), in the view's order.
    func testColumnAsTSV() throws {
        let (clipboard, screen) = try run("ll$sllhgy<Enter>", table: "albums")
        XCTAssertEqual(clipboard, ["notes\n\"line one\nline two\"\nemoji 🎉 party\nA long note that goes on and on and on until it has to be cut somewhere\n\n"])
        XCTAssertEqual(screen.last, " BROWSE  copied column notes: 4 rows as tsv (116 B)                 albums  3/4  notes  sort price▲")
    }

    /// The prompt names the column and the formats.
    func testThePromptSaysWhatIsCopied() throws {
        XCTAssertEqual(try run("llgy", table: "albums").1.last, "Copy column title as (csv tsv json jsonl; Enter: tsv):")
        XCTAssertEqual(try run("gY", table: "albums").1.last, "Copy the view as (csv tsv json jsonl; Enter: tsv):")
    }

    /// `gY` copies the view as filtered and sorted, without the hidden columns, in the format asked.
    func testViewAsCSVAndJSON() throws {
        let keys = "l-l-l-fprice > 1<Enter>hs"
        XCTAssertEqual(try run(keys + "gYcsv<Enter>", table: "albums").0,
                       ["id,title,notes\r\n2,\"\",\r\n1,First,A long note that goes on and on and on until it has to be cut somewhere\r\n"])
        XCTAssertEqual(try run(keys + "gYjson<Enter>", table: "albums").0, ["""
            [
            {"id":2,"title":"","notes":null},
            {"id":1,"title":"First","notes":"A long note that goes on and on and on until it has to be cut somewhere"}
            ]

            """])
    }

    /// Query results are copied by their statement; a format reef does not copy in is refused.
    func testQueryResultsAndAnUnknownFormat() throws {
        XCTAssertEqual(try run("eSELECT name FROM artists ORDER BY id DESC<Enter>gyjsonl<Enter>", table: "albums").0,
                       [#"{"name":"Emoji 😀 band"}"# + "\n" + #"{"name":"漢字テスト"}"# + "\n" + #"{"name":"Ada"}"# + "\n"])
        let (clipboard, screen) = try run("gYxml<Enter>", table: "albums")
        XCTAssertEqual(clipboard, [])
        XCTAssertEqual(screen.last?.hasPrefix(" BROWSE  copy as csv, tsv, json or jsonl, not xml"), true, screen.last ?? "")
    }

    /// A column bigger than the clipboard limit is not sent, not even cut: the status bar gives
    /// its size and the limit.
    func testAColumnOverTheLimitIsNotCopied() throws {
        try Database(path: fixture.path).executeScript("""
            CREATE TABLE big (id INTEGER PRIMARY KEY, body TEXT);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 9000)
            INSERT INTO big SELECT i, printf('%.1000c', 'x') FROM n;
            """)
        let (clipboard, screen) = try run("lgy<Enter><dump>", table: "big", columns: 150)
        XCTAssertEqual(clipboard, [])
        XCTAssertEqual(screen.last?.hasPrefix(" BROWSE  column body is 8.6 MiB (9,000 rows); OSC 52 copies at most 8.0 MiB: nothing copied, X exports it"),
                       true, screen.last ?? "")
    }

    /// What a copy keeps: all of it under the limit; past it, nothing but its size.
    func testClipboardTextCountsPastTheLimit() throws {
        let database = try fixture.open()
        let rows = TableRows(try TableSource(table: database.table("artists")))
        let whole = try ClipboardText(rows: rows, columns: ["id", "name", "country"], format: .tsv, limit: 1000).run()
        XCTAssertEqual(whole, .text("id\tname\tcountry\n1\tAda\tUK\n2\t漢字テスト\tJP\n3\tEmoji 😀 band\t\n", rows: 3))
        let cut = try ClipboardText(rows: rows, columns: ["id", "name", "country"], format: .tsv, limit: 20).run()
        XCTAssertEqual(cut, .tooLong(bytes: 65, rows: 3))
        XCTAssertNil(try ClipboardText(rows: rows, columns: ["id"], format: .csv, limit: 20).run(isCancelled: { true }))
    }

    /// `gy` on a view too big to copy at once (here one that never ends) held back every key typed
    /// meanwhile. The copy now runs in the background: keys move the cursor at once, the status
    /// bar counts the rows read, and Esc stops it with nothing copied.
    func testACopyRunsInTheBackgroundWhileKeysWorkAndEscStopsIt() throws {
        try Database(path: fixture.path).executeScript("""
            CREATE VIEW many AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x, 'row ' || x AS label FROM c;
            """)
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "many")
        let runner = HeadlessRunner(app: app, columns: 100, rows: 6)
        func type(_ keys: String) throws {
            for case .key(let key) in try KeyScript.parse(keys) {
                _ = app.handle(key)
                _ = app.tick()
            }
        }
        // The view opens in the background (at once, but for a busy machine): keys typed while it
        // opens wait for it, which is not what this test is about.
        try waitUntil("the view opened", between: { _ = app.tick(); pause(seconds: 0.005) }) {
            app.currentGrid != nil && app.pending.work == nil
        }
        try type("lgy<Enter>jj")
        XCTAssertEqual(app.currentGrid?.cursorRow, 2, "the keys typed while copying are not held back")
        XCTAssertNil(app.pending.work)
        try waitUntil("1,000 rows copied", between: { pause(seconds: 0.01); _ = app.tick() }) {
            (app.exports.clipboardCopy?.rows ?? 0) >= 1_000
        }
        let status = try XCTUnwrap(app.exports.clipboardCopyProgress?.text)
        XCTAssertTrue(status.contains("copying column label: ") && status.hasSuffix(" rows · Esc stops"), status)
        try type("<Esc>")
        XCTAssertNil(app.exports.clipboardCopy)
        XCTAssertEqual(app.state.message, .info("copy stopped: nothing copied"))
        _ = app.tick()
        XCTAssertEqual(runner.backend.clipboard, [])
        try type("q")
        XCTAssertNotNil(app.currentGrid, "Esc stopped the copy only")
    }

    /// A column copy reads that one column, not every column of every row: the view's statement
    /// is a subquery of which only the column is selected (by the name SQLite gives it there,
    /// so the second of two columns named alike is the one copied).
    func testAColumnCopyReadsTheOneColumn() throws {
        let statements = Mutex<[String]>([])
        var configuration = Configuration()
        configuration.tracer = { sql in statements.withLock { $0.append(sql) } }
        let database = try Database(path: fixture.path, configuration: configuration)
        let table = try TableSource(table: try database.table("albums"), sort: GridSort(column: 5, descending: false), filter: nil)
        var values: [[ExportValue]] = []
        try TableRows(table).forEachPage(size: 2, columns: [2]) { page in
            values += page
            return true
        }
        XCTAssertEqual(values, [[.text("東京")], [.null], [.text("First")], [.text("")]])
        // The table's own reads (its key snapshot) run beside it: the copy's statement is among them.
        let run = statements.withLock { $0 }
        XCTAssertTrue(run.contains { $0.hasPrefix("SELECT \"title\" FROM (SELECT ") }, run.joined(separator: "\n"))

        let relation = RelationQuery(relation: try SQL.userQuery("SELECT a.id, b.id, a.title FROM albums a JOIN albums b ON b.id = 5 - a.id"),
                                     columnNames: ["id", "id", "title"], sort: GridSort(column: 0, descending: false))
        var second: [[ExportValue]] = []
        try RelationRows(database: database, query: relation).forEachPage(size: 10, columns: [1, 7]) { page in
            second += page
            return true
        }
        XCTAssertEqual(second, [[.integer(4), .null], [.integer(3), .null], [.integer(2), .null], [.integer(1), .null]])
        XCTAssertTrue(statements.withLock { $0 }.contains { $0.hasPrefix("SELECT \"id:1\", NULL FROM (") })
    }
}
