import ORMCore
import XCTest
@testable import Browser

/// The SQL a plot and a histogram run, on both dialects (identifiers quoted, every value bound, the
/// view's filter first), what SQLite reduces a table to with it (one row a pixel and colour), and
/// the pieces that draw it: braille dots, round ticks, readable numbers, round bin widths.
final class PlotQueryTests: XCTestCase {
    private let x = PlotAxisColumn(name: "the x", isDate: false)
    private let y = PlotAxisColumn(name: "y", isDate: false)

    private func query(_ dialect: SQLDialect, colour: String? = "kind", filter: String? = "id > 0") throws -> PlotQuery {
        try PlotQuery(relation: "\(identifier: "pts")", x: x, y: y, colour: colour, filter: filter, dialect: dialect)
    }

    func testTheReductionIsOneGroupByOverPixelsAndColoursOnSQLite() throws {
        let sql = try query(.sqlite).pixels(in: PlotWindow(x: 0...10, y: 0...4), columns: 20, rows: 8,
                                            colours: [.text("a"), .null])
        XCTAssertEqual(sql.text, """
            SELECT (CAST(("the x" - ?) * ? AS INTEGER) * 9 + CAST(("y" - ?) * ? AS INTEGER)) * 3 + \
            CASE WHEN "kind" = ? THEN 0 WHEN "kind" IS NULL THEN 1 ELSE 2 END, count(*) \
            FROM "pts" WHERE (id > 0
            ) AND "the x" IS NOT NULL AND "y" IS NOT NULL AND "the x" BETWEEN ? AND ? AND "y" BETWEEN ? AND ? GROUP BY 1
            """)
        XCTAssertEqual(PixelKey(rows: 8, colours: 3).pixel((20 * 9 + 8) * 3 + 2).x, 20, "one past the last pixel reads back")
        XCTAssertEqual(PixelKey(rows: 8, colours: 3).pixel((20 * 9 + 8) * 3 + 2).y, 8)
        XCTAssertEqual(sql.arguments, [.real(0), .real(2), .real(0), .real(2), .text("a"), .real(0), .real(10), .real(0), .real(4)])
    }

    func testTheReductionOnPostgreSQLFloorsCastsAndComparesColoursAsText() throws {
        let sql = try query(.postgres, filter: nil).pixels(in: PlotWindow(x: 0...10, y: 0...4), columns: 20, rows: 8,
                                                           colours: [.text("a")])
        XCTAssertEqual(sql.text, """
            SELECT (CAST(floor((CAST("the x" AS double precision) - ?) * ?) AS bigint) * 9 + \
            CAST(floor((CAST("y" AS double precision) - ?) * ?) AS bigint)) * 2 + \
            CASE WHEN CAST("kind" AS text) = ? THEN 0 ELSE 1 END, count(*) \
            FROM "pts" WHERE CAST("the x" AS double precision) IS NOT NULL AND CAST("y" AS double precision) IS NOT NULL \
            AND CAST("the x" AS double precision) BETWEEN ? AND ? AND CAST("y" AS double precision) BETWEEN ? AND ? GROUP BY 1
            """)
        XCTAssertEqual(sql.arguments.count, 9)
    }

    func testDatesAreMeasuredInJulianDaysOnBothDatabases() {
        let at = PlotAxisColumn(name: "at", isDate: true)
        XCTAssertEqual(at.value(in: .sqlite).text, #"julianday("at")"#)
        XCTAssertEqual(at.value(in: .postgres).text, #"(CAST(extract(epoch FROM "at") AS double precision) / 86400 + 2440587.5)"#)
        XCTAssertEqual(at.text(of: 2_460_310.5, step: 30), "2024-01-01")
        XCTAssertEqual(PlotAxisColumn(name: "at", isDate: true, hasTimes: true).text(of: 2_460_310.75, step: 30), "2024-01-01 06:00:00")
    }

    func testSQLiteReducesTheRowsToPixelsAndEachPixelTakesItsMostCommonColour() throws {
        let database = try Database(path: ":memory:")
        try database.executeScript("""
            CREATE TABLE pts (id INTEGER PRIMARY KEY, "the x" REAL, y REAL, kind TEXT);
            INSERT INTO pts ("the x", y, kind) VALUES (0, 0, 'a'), (0.1, 0.1, 'b'), (0.2, 0, 'b'), (10, 4, 'a'), (5, 2, NULL), (NULL, 1, 'a');
            """)
        let result = try XCTUnwrap(PlotResult.compute(try query(.sqlite), in: database, columns: 10, rows: 4, window: nil, colours: nil,
                                                      step: PlotProgress()))
        XCTAssertEqual(result.window, PlotWindow(x: 0...10, y: 0...4))
        XCTAssertEqual(result.colourValues, [.text("a"), .text("b"), .null])
        XCTAssertEqual(result.legend, ["a", "b", "∅"])
        XCTAssertEqual(result.pixels.total, 5)
        XCTAssertEqual(result.pixels.count(x: 0, y: 0), 3)
        XCTAssertEqual(result.pixels.colour(x: 0, y: 0), 1, "two of the three are b")
        XCTAssertEqual(result.pixels.count(x: 9, y: 3), 1, "the largest values fold into the last pixel")
        XCTAssertEqual(result.pixels.count(x: 5, y: 2), 1)
        XCTAssertEqual(result.pixels.colour(x: 5, y: 2), 2)
    }

    func testAHistogramCountsRoundBinsAndItsLastBinKeepsTheLargestValue() throws {
        let database = try Database(path: ":memory:")
        try database.executeScript("""
            CREATE TABLE t (v INTEGER);
            INSERT INTO t VALUES (1), (2), (2), (3), (9), (10), (NULL);
            """)
        let query = try PlotQuery(relation: "\(identifier: "t")", x: PlotAxisColumn(name: "v", isDate: false, isInteger: true), y: nil,
                                  filter: nil)
        XCTAssertEqual(query.bins(start: 0, width: 5).text,
                       #"SELECT CAST(("v" - ?) / ? AS INTEGER), count(*) FROM "t" WHERE "v" IS NOT NULL GROUP BY 1"#)
        let bins = try XCTUnwrap(HistogramBins.compute(query, in: database, maximumBins: 50, width: 5, step: PlotProgress()))
        XCTAssertEqual(bins.start, 0)
        XCTAssertEqual(bins.counts, [4, 1, 1])
        let fine = try XCTUnwrap(HistogramBins.compute(query, in: database, maximumBins: 50, width: nil, step: PlotProgress()))
        XCTAssertEqual(fine.width, 5, "√6 ≈ 3 bins over 1…10: a round width of 5")
        let group = query.group(x: bins.range(of: 2), closed: true, label: "v >= 10 AND v <= 15")
        XCTAssertEqual(group.condition.text, #""v" BETWEEN ? AND ?"#)
        XCTAssertEqual(group.condition.arguments, [.real(10), .real(15)])
        XCTAssertEqual(query.group(x: bins.range(of: 0), closed: false, label: "").condition.text, #""v" >= ? AND "v" < ?"#)
    }

    func testBrailleDotsAreAddressedFromTheBottomLeft() {
        var canvas = BrailleCanvas(columns: 2, rows: 1)
        canvas.set(x: 0, y: 3, series: 0)
        canvas.set(x: 3, y: 0, series: 1)
        XCTAssertEqual(canvas.character(column: 0, row: 0), "⠁")
        XCTAssertEqual(canvas.character(column: 1, row: 0), "⢀")
        XCTAssertEqual(canvas.series(column: 1, row: 0), 1)
        var line = BrailleCanvas(columns: 1, rows: 1)
        line.line(from: (0, 0), to: (1, 3), series: 0)
        XCTAssertEqual(line.character(column: 0, row: 0), "⡜", "four dots from the bottom left to the top right")
    }

    func testTicksAreRoundAndNumbersReadable() {
        XCTAssertEqual(PlotScale.ticks(in: 3...97, count: 5), [20, 40, 60, 80])
        XCTAssertEqual(PlotNumberText.text(1234.5, step: 100), "1,234")
        XCTAssertEqual(PlotNumberText.text(0.25, step: 0.05), "0.25")
        XCTAssertEqual(PlotNumberText.text(12_500_000, step: 500_000), "12.5M")
        XCTAssertEqual(HistogramBins.finer(5), 2)
        XCTAssertEqual(HistogramBins.finer(1), 0.5)
        XCTAssertEqual(HistogramBins.coarser(2), 5)
        XCTAssertEqual(PlotWindow(x: 0...100, y: 0...10).zoomed(around: (x: 90, y: 5)), PlotWindow(x: 50...100, y: 2.5...7.5))
    }

    func testDatesWithTimesAreFoundSoTheLabelsShowTheTimes() throws {
        let database = try Database(path: ":memory:")
        try database.executeScript("""
            CREATE TABLE e (at TEXT, d TEXT, v REAL);
            INSERT INTO e VALUES ('2024-01-01', '2024-01-01', 1), ('2024-01-02 12:00:00', '2024-01-03', 2);
            """)
        let v = PlotAxisColumn(name: "v", isDate: false)
        let timed = try PlotQuery(relation: "\(identifier: "e")", x: PlotAxisColumn(name: "at", isDate: true), y: v, filter: nil)
        let result = try XCTUnwrap(PlotResult.compute(timed, in: database, columns: 4, rows: 4, window: nil, colours: nil, step: PlotProgress()))
        XCTAssertTrue(result.x.hasTimes)
        XCTAssertEqual(result.window.x, 2_460_310.5...2_460_312.0)
        let days = try PlotQuery(relation: "\(identifier: "e")", x: PlotAxisColumn(name: "d", isDate: true), y: v, filter: nil)
        XCTAssertEqual(try PlotResult.compute(days, in: database, columns: 4, rows: 4, window: nil, colours: nil, step: PlotProgress())?.x.hasTimes,
                       false)
    }

    func testOneValueGetsOneBinAboutATenthOfItWide() {
        let real = PlotAxisColumn(name: "p", isDate: false)
        XCTAssertEqual(HistogramBins.width(asked: nil, span: 0, rows: 130, maximumBins: 50, column: real, value: 0.99), 0.1)
        let integer = PlotAxisColumn(name: "n", isDate: false, isInteger: true)
        XCTAssertEqual(HistogramBins.width(asked: nil, span: 0, rows: 3, maximumBins: 50, column: integer, value: 5), 1)
    }
}
