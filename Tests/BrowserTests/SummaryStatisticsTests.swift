import Foundation
import ORMCore
import XCTest
@testable import Browser

/// The column summary's statistics as computed from SQLite: the statements, the overview, each
/// column's distribution (numbers, dates, text, BLOBs, mixed, NULL, empty), the view's filter,
/// and the pieces they are made of (quantiles, moments, histogram, dates).
final class SummaryStatisticsTests: XCTestCase {
    private var database: Database!

    override func setUpWithError() throws {
        database = try Database(path: ":memory:")
        try database.executeScript(#"""
            CREATE TABLE "odd ""r""" (id INTEGER PRIMARY KEY, score REAL, label TEXT, day TEXT, mixed, data BLOB, never TEXT);
            INSERT INTO "odd ""r""" VALUES
              (1, 1.5, 'a', '2024-01-01', 1, X'00', NULL),
              (2, 2.5, 'b', '2024-01-03', 'x', NULL, NULL),
              (3, NULL, 'a', '2024-01-05', 2.5, X'0102', NULL),
              (4, 4.0, NULL, NULL, NULL, X'00', NULL),
              (5, 2.5, 'é漢', '2024-01-09', 3, NULL, NULL);
            CREATE TABLE hollow (a INTEGER, b TEXT);
            """#)
    }

    private let columns = ["id", "score", "label", "day", "mixed", "data", "never"]

    private func summarise(_ columns: [String]? = nil, relation: SQL = "\(identifier: "odd \"r\"")", filter: String? = nil,
                           published: ((Int, ColumnSummary) -> Void)? = nil) throws -> [ColumnSummary] {
        let query = try SummaryQuery(relation: relation, columns: columns ?? self.columns, filter: filter)
        let start = query.columns.map { ColumnSummary(name: $0, declaredType: "") }
        return try SummaryWorker(database: database, query: query).run(from: start) { index, summary in
            published?(index, summary)
        }
    }

    func testTheStatementsQuoteNamesAndCarryTheFilter() throws {
        let query = try SummaryQuery(relation: "\(identifier: "odd \"r\"")", columns: ["a \"b\"", "c"], filter: " id > 1 -- big ")
        // Long texts and blobs are read as their keys, in a subquery SQLite does not flatten.
        func key(_ name: String) -> String {
            "CASE WHEN typeof(\(name)) IN ('text', 'blob') THEN orm_value_key(\(name), 1024) ELSE \(name) END AS \(name)"
        }
        XCTAssertEqual(query.overview(of: 0..<2).text, #"""
            SELECT count(*), count("a ""b"""), min("a ""b"""), max("a ""b"""), julianday(min("a ""b""")), \#
            julianday(max("a ""b""")), count("c"), min("c"), max("c"), julianday(min("c")), julianday(max("c")) \#
            FROM (SELECT \#(key(#""a ""b""""#)), \#(key(#""c""#)) FROM "odd ""r""" WHERE (id > 1 -- big
            ) LIMIT -1) AS "reef keys"
            """#)
        XCTAssertEqual(query.groups(of: 1, julianDays: true).text, #"""
            SELECT "c", count(*), julianday("c") FROM (SELECT \#(key(#""c""#)) FROM "odd ""r""" WHERE (id > 1 -- big
            ) LIMIT -1) AS "reef keys" WHERE "c" IS NOT NULL GROUP BY 1 ORDER BY 1
            """#)
        let unfiltered = try SummaryQuery(relation: "\(identifier: "t")", columns: ["n"], filter: "  ")
        XCTAssertEqual(unfiltered.groups(of: 0, numbersOnly: true).text, #"""
            SELECT "n", count(*) FROM (SELECT \#(key(#""n""#)) FROM "t" LIMIT -1) AS "reef keys" \#
            WHERE "n" IS NOT NULL AND typeof("n") IN ('integer', 'real') GROUP BY 1 ORDER BY 1
            """#)
        XCTAssertThrowsError(try SummaryQuery(relation: "\(identifier: "t")", columns: ["n"], filter: "1) OR (1"))
    }

    /// Long texts and blobs are summarised by their keys: SQLite never holds more than the values
    /// read (before: `min`, `max` and the sorter each held copies); the ends and the most common
    /// value show their start and size; equal long values count as one.
    func testLongValuesAreSummarisedByTheirKeys() throws {
        let size = 4 << 20
        let long = String(repeating: "z", count: size)
        try database.execute("CREATE TABLE long (v, b BLOB)")
        try database.execute("INSERT INTO long VALUES (?, ?), (?, ?), ('a', NULL)", long, Data(count: size), long, Data(count: size))
        let query = try SummaryQuery(relation: "\(identifier: "long")", columns: ["v", "b"], filter: nil)
        SQLiteMemory.resetPeak()
        let before = SQLiteMemory.used
        let summaries = try SummaryWorker(database: database, query: query)
            .run(from: query.columns.map { ColumnSummary(name: $0, declaredType: "") }) { _, _ in }
        // A row's two long values are read together, once each (before: min, max and the sorter
        // held copies of each).
        XCTAssertLessThan(SQLiteMemory.peak - before, size * 5 / 2, "a long value held more than once")
        let prefix = String(repeating: "z", count: 1_024)
        XCTAssertEqual(summaries[0].minimum, .text("a"))
        XCTAssertEqual(summaries[0].maximum, .longText(prefix: prefix, byteCount: size))
        XCTAssertEqual(summaries[0].mode, .longText(prefix: prefix, byteCount: size))
        XCTAssertEqual(summaries[0].distinct, 2)
        XCTAssertEqual(summaries[1].maximum, .blob(byteCount: size, prefix: Array(repeating: 0, count: GridValue.keptBlobBytes)))
    }

    func testTheOverviewOfEveryColumnComesFirstThenEachColumnsDistribution() throws {
        var order: [(Int, Bool)] = []
        let summaries = try summarise { index, summary in order.append((index, summary.isComplete)) }
        XCTAssertEqual(order.map(\.0), Array(0..<7) + Array(0..<7))
        XCTAssertEqual(order.map(\.1), Array(repeating: false, count: 7) + Array(repeating: true, count: 7))
        XCTAssertEqual(summaries.map(\.rows), Array(repeating: 5, count: 7))
        XCTAssertEqual(summaries.map(\.nulls), [0, 1, 1, 1, 1, 2, 5])
    }

    func testNumbersGetQuartilesMeanSpreadAndAHistogram() throws {
        let score = try summarise()[1]
        XCTAssertEqual(score.kind, .number)
        XCTAssertEqual(score.stored, StorageClasses(real: 4))
        XCTAssertEqual(score.distinct, 3)
        XCTAssertEqual(score.minimum, .real(1.5))
        XCTAssertEqual(score.maximum, .real(4.0))
        XCTAssertEqual(score.quartiles, [.real(2.25), .real(2.5), .real(2.875)], "interpolated at q·(n − 1)")
        XCTAssertEqual(score.mean, .real(2.625))
        guard case .real(let deviation)? = score.deviation else {
            return XCTFail("no deviation")
        }
        XCTAssertEqual(deviation, (3.1875 / 3).squareRoot(), accuracy: 1e-12)
        XCTAssertEqual(score.mode, .real(2.5))
        XCTAssertEqual(score.modeCount, 2)
        XCTAssertEqual(score.histogram, "▄     █        ▄")

        let id = try summarise()[0]
        XCTAssertEqual(id.quartiles, [.integer(2), .integer(3), .integer(4)], "whole quartiles of integers stay integers")
        XCTAssertEqual(id.histogram, "█████", "a short range of integers gets a bin an integer")
        XCTAssertEqual(id.mode, .integer(1), "of values equally common, the smallest")
    }

    func testDatesGetTheirOwnQuartilesMeanAndSpread() throws {
        let day = try summarise()[3]
        XCTAssertEqual(day.kind, .date)
        XCTAssertEqual(day.quartiles, [.text("2024-01-01"), .text("2024-01-03"), .text("2024-01-05")], "the lower value at each position")
        XCTAssertEqual(day.mean, .text("2024-01-04"))
        XCTAssertEqual(day.deviation, .text("3.4 days"))
        XCTAssertEqual(day.histogram, "█   █   █      █")
        XCTAssertEqual(day.distinct, 4)

        try database.executeScript("UPDATE \"odd \"\"r\"\"\" SET day = '2024-01-09T06:00:00Z' WHERE id = 5")
        XCTAssertEqual(try summarise()[3].mean, .text("2024-01-04 13:30:00"), "times shown when the dates have them")
        try database.executeScript("UPDATE \"odd \"\"r\"\"\" SET day = '2024-13-45' WHERE id = 5")
        let broken = try summarise()[3]
        XCTAssertEqual(broken.kind, .other, "one text that is no date makes the column text")
        XCTAssertNil(broken.mean)
        XCTAssertNil(broken.histogram)
    }

    func testTextBlobsMixedAndNullColumns() throws {
        let summaries = try summarise()
        let label = summaries[2]
        XCTAssertEqual(label.kind, .other)
        XCTAssertEqual([label.distinct, label.modeCount], [3, 2])
        XCTAssertEqual(label.mode, .text("a"))
        XCTAssertEqual(label.maximum, .text("é漢"))
        XCTAssertNil(label.quartiles)
        XCTAssertNil(label.mean)

        let mixed = summaries[4]
        XCTAssertEqual(mixed.stored?.description, "integer+real+text")
        XCTAssertEqual(mixed.kind, .number, "the numbers of a mixed column are summarised")
        XCTAssertEqual(mixed.quartiles, [.real(1.75), .real(2.5), .real(2.75)])
        XCTAssertEqual(mixed.histogram, "▄ █")
        XCTAssertEqual(mixed.minimum, .integer(1))
        XCTAssertEqual(mixed.maximum, .text("x"))
        XCTAssertEqual(mixed.distinct, 4)

        let data = summaries[5]
        XCTAssertEqual(data.stored?.description, "blob")
        XCTAssertEqual(data.mode, .blob(byteCount: 1, prefix: [0]))
        XCTAssertEqual(data.maximum, .blob(byteCount: 2, prefix: [1, 2]))

        let never = summaries[6]
        XCTAssertEqual([never.distinct, never.nonNull], [0, 0])
        XCTAssertNil(never.minimum)
        XCTAssertNil(never.mode)
        XCTAssertTrue(never.isComplete)
    }

    func testTheViewsFilterAndQueryResultsAndAnEmptyTable() throws {
        let filtered = try summarise(["score", "label"], filter: "id > 2")
        XCTAssertEqual(filtered.map(\.rows), [3, 3])
        XCTAssertEqual(filtered[0].quartiles, [.real(2.875), .real(3.25), .real(3.625)])
        XCTAssertEqual(filtered[1].distinct, 2)

        let results = try summarise(["twice"], relation: try SQL.userQuery("SELECT id * 2 AS twice FROM \"odd \"\"r\"\"\""))
        XCTAssertEqual(results[0].quartiles, [.integer(4), .integer(6), .integer(8)])

        let empty = try summarise(["a", "b"], relation: "\(identifier: "hollow")")
        XCTAssertEqual(empty.map(\.rows), [0, 0])
        XCTAssertEqual(empty.map(\.distinct), [0, 0])
        XCTAssertTrue(empty.allSatisfy(\.isComplete))
        XCTAssertEqual(SummarySource.values(of: empty[0], stopped: false)[3...5], [.integer(0), .text(""), .integer(0)])
    }

    func testPiecesQuantilesMomentsHistogramAndDates() {
        var quantiles = Quantiles<Double>(total: 1)
        quantiles.add(7, count: 1)
        XCTAssertEqual(quantiles.interpolated, [7, 7, 7])
        var many = Quantiles<Double>(total: 1_000_001)
        many.add(1, count: 250_000)
        many.add(2, count: 1)
        many.add(3, count: 750_000)
        XCTAssertEqual(many.interpolated, [2, 3, 3], "position 250,000 from 0 is the one 2")

        var moments = Moments()
        for value in [1e9 + 4, 1e9 + 7, 1e9 + 13, 1e9 + 16] {
            moments.add(value, count: 1)
        }
        XCTAssertEqual(moments.mean, 1e9 + 10)
        XCTAssertEqual(moments.standardDeviation ?? 0, 30.0.squareRoot(), accuracy: 1e-9, "no digits lost to a sum of squares")
        for unbounded in [Double.infinity, .nan] {
            var withIt = Moments()
            withIt.add(1.5, count: 2)
            withIt.add(unbounded, count: 1)
            XCTAssertEqual(withIt.standardDeviation?.isNaN, true, "as PostgreSQL's stddev with \(unbounded) (it was 0)")
        }

        var histogram = Histogram(range: 0...10, integers: false)
        histogram.add(0, count: 100)
        histogram.add(10, count: 1)
        XCTAssertEqual(histogram.bars, "█              ▁", "a bin with any value is never drawn as none")
        XCTAssertEqual(Histogram(range: 5...5, integers: true).bars, "")

        XCTAssertTrue(DateText.hasDateShape(Array("2024-02-29T10:00".utf8)))
        XCTAssertFalse(DateText.hasDateShape(Array("2024/02/29".utf8)))
        XCTAssertFalse(DateText.hasDateShape(Array("12:30:00".utf8)))
        XCTAssertEqual(DateText.text(julianDay: 2_460_369.916_666_67, withTime: true), "2024-02-29 10:00:00")
        XCTAssertEqual(DateText.text(julianDay: 2_440_587.5, withTime: false), "1970-01-01")
        XCTAssertEqual(DateText.text(julianDay: 1_721_059.5, withTime: false), "0000-01-01")
        XCTAssertNil(DateText.text(julianDay: .infinity, withTime: false))
    }
}
