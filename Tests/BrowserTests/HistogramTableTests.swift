import ORMCore
import XCTest
@testable import Browser

/// A histogram's result leaves reef as a grid's does: `X`, `gY` and `gy` on the histogram open
/// its bins as a table (`from`, `to`, `rows`) and export or copy it there; `q` goes back to the
/// histogram.
final class HistogramTableTests: XCTestCase {
    private var fixture: BrowserFixture!

    override func setUpWithError() throws {
        fixture = try BrowserFixture()
        try Database(path: fixture.path).executeScript("""
            CREATE TABLE t (id INTEGER PRIMARY KEY, v INTEGER, r REAL, day TEXT);
            INSERT INTO t (v, r, day) VALUES (1, 0.1, '2024-01-01'), (2, 0.2, '2024-01-01'), (2, 0.3, '2024-02-01'),
                (3, 0.4, '2024-02-01'), (9, 0.5, '2024-03-01'), (10, 0.7, '2024-03-01'), (NULL, NULL, NULL);
            """)
    }

    override func tearDown() {
        fixture.remove()
    }

    /// Plays `keys` on `t`; returns what reached the clipboard and the last screen.
    private func run(_ keys: String) throws -> (clipboard: [String], screen: [String]) {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "t")
        let runner = HeadlessRunner(app: app, columns: 80, rows: 12)
        let screens = runner.run(try KeyScript.parse(keys))
        return (runner.backend.clipboard, screens.last ?? [])
    }

    func testXExportsTheBinsAsATable() throws {
        let file = fixture.directory.appendingPathComponent("bins.csv").path
        let prompt = try run("lHX").screen
        XCTAssertEqual(prompt[0], " │from │to │rows │")
        XCTAssertEqual(prompt[1], "1│    0│  5│    4│")
        XCTAssertEqual(prompt[3], "3│   10│ 15│    1│")
        XCTAssertTrue(prompt[11].hasPrefix("Export to "), prompt[11])

        let exported = try run("lHX\(file)<Enter>").screen
        XCTAssertTrue(exported[11].contains("exported 3 rows to"), exported[11])
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), "from,to,rows\r\n0,5,4\r\n5,10,1\r\n10,15,1\r\n")
    }

    func testGYCopiesTheBinsAndQGoesBackToTheHistogram() throws {
        let (clipboard, screen) = try run("lHgYcsv<Enter>")
        XCTAssertEqual(clipboard, ["from,to,rows\r\n0,5,4\r\n5,10,1\r\n10,15,1\r\n"])
        XCTAssertTrue(screen[11].contains("copied the view of bins of v in t: 3 rows as csv"), screen[11])
        let back = try run("lHgYcsv<Enter>q").screen
        XCTAssertTrue(back[11].hasPrefix(" HISTOGRAM "), back[11])
    }

    func testRealBoundsAreRoundedToTheBinsDigitsAndDatesWrittenAsDates() throws {
        let (reals, _) = try run("llHgYcsv<Enter>")
        XCTAssertEqual(reals.first?.split(separator: "\r\n").prefix(3), ["from,to,rows", "0.0,0.2,1", "0.2,0.4,2"])
        let (dates, _) = try run("lllHgYcsv<Enter>")
        XCTAssertEqual(dates.first?.split(separator: "\r\n").first, "from,to,rows")
        XCTAssertTrue(dates.first?.contains("2023-12-") ?? false, dates.first ?? "")
    }
}

/// A plot's result leaves reef as a grid's does: `X`, `gY` and `gy` on the plot open its dots as a
/// table (each dot's part of x and y, its rows, its colour) and export or copy it there.
final class PlotTableTests: XCTestCase {
    private var fixture: BrowserFixture!

    override func setUpWithError() throws {
        fixture = try BrowserFixture()
        try Database(path: fixture.path).executeScript("""
            CREATE TABLE pts (id INTEGER PRIMARY KEY, x REAL, y REAL, kind TEXT);
            INSERT INTO pts (x, y, kind) VALUES (0, 0, 'a'), (10, 10, 'b'), (5, 5, 'a'), (5, 5, 'a');
            """)
    }

    override func tearDown() {
        fixture.remove()
    }

    /// Plays `keys` on `pts`; returns what reached the clipboard and the last screen.
    private func run(_ keys: String) throws -> (clipboard: [String], screen: [String]) {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "pts")
        let runner = HeadlessRunner(app: app, columns: 100, rows: 20)
        let screens = runner.run(try KeyScript.parse(keys))
        return (runner.backend.clipboard, screens.last ?? [])
    }

    func testGYCopiesTheDotsWithTheirRowsAndQGoesBackToThePlot() throws {
        let (clipboard, screen) = try run("l!l.gYcsv<Enter>")
        XCTAssertTrue(screen[19].contains("copied the view of dots of y against x in pts: 3 rows as csv"), screen[19])
        let lines = clipboard.first?.split(separator: "\r\n").map(String.init) ?? []
        XCTAssertEqual(lines.first, "x from,x to,y from,y to,rows")
        XCTAssertEqual(lines.count, 4, "\(lines)")
        XCTAssertEqual(lines.map { $0.split(separator: ",").last.map(String.init) ?? "" }.dropFirst(), ["1", "2", "1"])
        XCTAssertTrue(lines[1].hasPrefix("0.0,"), lines[1])
        XCTAssertTrue(try run("l!l.gYcsv<Enter>q").screen[19].hasPrefix(" PLOT "))
    }

    func testAColouredPlotsDotsCarryTheirColourAndXExportsThem() throws {
        let file = fixture.directory.appendingPathComponent("dots.csv").path
        let screen = try run("l!ll!h.X\(file)<Enter>").screen
        XCTAssertTrue(screen[19].contains("exported 3 rows to"), screen[19])
        let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\r\n").map(String.init)
        XCTAssertEqual(lines.first, "x from,x to,y from,y to,rows,colour")
        XCTAssertEqual(lines.dropFirst().map { $0.split(separator: ",").suffix(2).joined(separator: ",") }, ["1,a", "2,a", "1,b"])
    }
}
