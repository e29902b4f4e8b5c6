import ORMCore
import XCTest
@testable import Browser

/// Plots and histograms on the screen, from a small table of known points: `!` marks x and `.`
/// plots the cursor column against it in braille dots with axes and round labels, a text key
/// column colours the points with a legend, `=` zooms and `-` backs out, `Enter` opens the rows of
/// the cursor cell's region; `H` draws a histogram whose bars carry their counts, `=` and `-`
/// change its bins, `Enter` opens a bar's rows and `q` goes back.
final class PlotScreenTests: XCTestCase {
    private var fixture: BrowserFixture!

    override func setUpWithError() throws {
        fixture = try BrowserFixture()
        try Database(path: fixture.path).executeScript("""
            CREATE TABLE pts (id INTEGER PRIMARY KEY, x REAL, y REAL, kind TEXT, day TEXT);
            INSERT INTO pts (x, y, kind, day) VALUES (0, 0, 'a', '2024-01-01'), (10, 10, 'b', '2024-03-01'), (5, 5, 'a', '2024-02-01');
            CREATE TABLE t (id INTEGER PRIMARY KEY, v INTEGER);
            INSERT INTO t (v) VALUES (1), (2), (2), (3), (9), (10), (NULL);
            """)
    }

    override func tearDown() {
        fixture.remove()
    }

    private func screen(_ keys: String, table: String = "pts", columns: Int = 60) throws -> [String] {
        try fixture.screen(keys, columns: columns, rows: 20, table: table)
    }

    func testDotPlotsTheCursorColumnAgainstTheKeyColumnInBrailleWithAxesAndLabels() throws {
        let lines = try screen("l!l.")
        XCTAssertEqual(lines[0], "y against x in pts: 3 rows")
        XCTAssertEqual(lines[1], "        10┤" + String(repeating: " ", count: 48) + "⠈")
        XCTAssertEqual(lines[8], "          │" + String(repeating: " ", count: 24) + "⢀")
        XCTAssertEqual(lines[16], "         0┤⡀")
        XCTAssertTrue(lines[17].hasPrefix("          └┬────────┬"), lines[17])
        XCTAssertEqual(lines[18], "           0        2         4         6         8       10")
        XCTAssertTrue(lines[19].hasPrefix(" PLOT "), lines[19])
    }

    func testATextKeyColumnColoursThePointsWithALegend() throws {
        let lines = try screen("l!ll!h.", columns: 80)
        XCTAssertTrue(lines[0].hasPrefix("y against x in pts by kind: 3 rows"), lines[0])
        XCTAssertTrue(lines[1].hasSuffix(" ⣿ a"), lines[1])
        XCTAssertTrue(lines[2].hasSuffix(" ⣿ b"), lines[2])
        XCTAssertTrue(lines[0].contains("cursor: 0 rows"), lines[0])
    }

    func testDotWithoutAnXColumnSaysHowToMarkOne() throws {
        let lines = try screen("ll.")
        XCTAssertTrue(lines[19].contains("no x column: mark the x column with !"), lines[19])
        let text = try screen("l!ll.")
        XCTAssertTrue(text[19].contains("kind holds neither numbers nor dates"), text[19])
    }

    func testEnterOpensTheRowsOfTheCursorCellsRegionAndQGoesBack() throws {
        let rows = try screen("l!l.k<Enter>", columns: 120)
        XCTAssertTrue(rows[19].hasPrefix(" RESULTS "), rows[19])
        XCTAssertTrue(rows[19].contains("pts where x BETWEEN 4.9541 AND 5.0459 AND y BETWEEN 5.000 AND 5.625  1/1"), rows[19])
        XCTAssertTrue(rows[1].hasPrefix("1│  3│"), rows[1])
        let back = try screen("l!l.k<Enter>q", columns: 120)
        XCTAssertTrue(back[19].hasPrefix(" PLOT "), back[19])
    }

    func testEqualsZoomsInAroundTheCursorAndMinusBacksOut() throws {
        let zoomed = try screen("l!l.=")
        XCTAssertTrue(zoomed[0].hasPrefix("y against x in pts: 1 rows (zoom 1; - back)"), zoomed[0])
        let back = try screen("l!l.=-")
        XCTAssertTrue(back[0].hasPrefix("y against x in pts: 3 rows"), back[0])
        let closed = try screen("l!l.q")
        XCTAssertTrue(closed[19].hasPrefix(" BROWSE "), closed[19])
    }

    func testDatesOnXAreLabelledAsDatesAndDrawnAsALine() throws {
        let lines = try screen("llll!hh.", columns: 80)
        XCTAssertTrue(lines[0].hasPrefix("y against day in pts: 3 rows"), lines[0])
        XCTAssertTrue(lines[18].contains("2024-01-"), lines[18])
        let dots = lines[1...16].joined().unicodeScalars.filter { (0x2801...0x28FF).contains($0.value) }.count
        XCTAssertGreaterThan(dots, 20, "a line joins the three points")
    }

    func testHistogramBarsCarryTheirCounts() throws {
        let lines = try screen("lH", table: "t")
        XCTAssertEqual(lines[0], "histogram of v in t: 6 rows, 3 bins of 5")
        XCTAssertEqual(lines[1], String(repeating: " ", count: 24) + "4")
        XCTAssertEqual(lines[2], "        4┤" + String(repeating: "█", count: 15))
        // A count of 1 of 4 is 30 of 120 eighths: three full rows and a ▆, its count above.
        XCTAssertEqual(lines[12], "         │" + String(repeating: "█", count: 15) + String(repeating: " ", count: 15)
                       + "1" + String(repeating: " ", count: 15) + "1")
        XCTAssertEqual(lines[13], "        1┤" + String(repeating: "█", count: 15) + " " + String(repeating: "▆", count: 15)
                       + " " + String(repeating: "▆", count: 15))
        XCTAssertEqual(lines[14], "         │" + String(repeating: "█", count: 15) + " " + String(repeating: "█", count: 15)
                       + " " + String(repeating: "█", count: 15))
        XCTAssertEqual(lines[17], "         └┬───────────────┬───────────────┬───────────────")
        XCTAssertEqual(lines[18], "          0               5              10              15")
    }

    func testHistogramBinsChangeWithEqualsAndMinus() throws {
        XCTAssertTrue(try screen("lH=", table: "t")[0].hasPrefix("histogram of v in t: 6 rows, 6 bins of 2"))
        XCTAssertTrue(try screen("lH-", table: "t")[0].hasPrefix("histogram of v in t: 6 rows, 2 bins of 10"))
        XCTAssertTrue(try screen("lH==", table: "t")[0].hasPrefix("histogram of v in t: 6 rows, 10 bins of 1"))
        XCTAssertTrue(try screen("lH===", table: "t")[19].contains("as many bins as fit"))
    }

    func testEnterOnABarOpensItsRowsAndQGoesBackToTheHistogram() throws {
        let rows = try screen("lH<Enter>", table: "t", columns: 80)
        XCTAssertTrue(rows[19].contains("t where v >= 0 AND v < 5  1/4"), rows[19])
        let last = try screen("lHll<Enter>", table: "t", columns: 80)
        XCTAssertTrue(last[19].contains("t where v >= 10 AND v <= 15  1/1"), last[19])
        let back = try screen("lH<Enter>q", table: "t", columns: 80)
        XCTAssertTrue(back[19].hasPrefix(" HISTOGRAM "), back[19])
    }

    func testLSwitchesBetweenPointsAndLines() throws {
        let lines = try screen("l!l.L")
        XCTAssertTrue(lines[19].contains("lines: each colour's mean per column, joined"), lines[19])
        let dots = lines[1...16].joined().unicodeScalars.filter { (0x2801...0x28FF).contains($0.value) }.count
        XCTAssertGreaterThan(dots, 20, "the three points joined")
        let sorted = try screen("l!sl.")  // sorted by x: an ordered x is drawn as a line at first
        XCTAssertGreaterThan(sorted[1...16].joined().unicodeScalars.filter { (0x2801...0x28FF).contains($0.value) }.count, 20)
        let points = try screen("l!l.LL")
        XCTAssertEqual(points[1...16].joined().unicodeScalars.filter { (0x2801...0x28FF).contains($0.value) }.count, 3)
    }

    func testAHistogramOfDatesHasBinsOfDaysAndDatesUnderThem() throws {
        let lines = try screen("llllH")
        XCTAssertEqual(lines[0], "histogram of day in pts: 3 rows, 3 bins of 30 days")
        XCTAssertEqual(lines[18], "         2023-12-21  2024-01-20      2024-02-19   2024-03-20")
        let rows = try screen("llllHl<Enter>", columns: 100)
        XCTAssertTrue(rows[19].contains("pts where day >= 2024-01-20 AND day < 2024-02-19  1/1"), rows[19])
    }

    func testAMonochromeThemeTellsTheColoursApartByAttributes() throws {
        let monochrome = (0..<3).map { PlotStyles.style(series: $0, of: 3, theme: .monochrome) }
        XCTAssertEqual(Set(monochrome.map(\.attributes)).count, 3)
        XCTAssertEqual(Set(monochrome.map(\.foreground)).count, 1)
        let coloured = (0..<8).map { PlotStyles.style(series: $0, of: 8, theme: .builtinDefault) }
        XCTAssertEqual(Set(coloured.map(\.foreground)).count, 8, "the default theme has eight colours for eight values")
    }
}
