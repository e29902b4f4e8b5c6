import Foundation
import ORMCore
import Synchronization
import XCTest
@testable import Browser

/// The frequency table of a column, as SQL computes it: values, counts, shares, bars, order,
/// the view's filter, NULLs, and the filter that keeps one value.
final class FrequencyQueryTests: XCTestCase {
    private var database: Database!

    override func setUpWithError() throws {
        var configuration = Configuration()
        configuration.functions = [BarFunction.function]
        database = try Database(path: ":memory:", configuration: configuration)
        try database.executeScript(#"""
            CREATE TABLE "odd ""t""" (id INTEGER PRIMARY KEY, "the kind" TEXT, level INTEGER);
            INSERT INTO "odd ""t""" ("the kind", level) VALUES
              ('view', 1), ('view', 2), ('view', 3), ('click', 1), ('click', 5), (NULL, 9), ('buy', 7), ('ünï', 1);
            """#)
    }

    /// A database whose table `t` holds `rows` integers, `values` different ones (`i % values`),
    /// which hands each statement it runs to `tracer`.
    private func tracedDatabase(rows: Int, values: Int, tracer: @escaping @Sendable (String) -> Void) throws -> Database {
        var configuration = Configuration()
        configuration.functions = [BarFunction.function]
        configuration.tracer = tracer
        let traced = try Database(path: ":memory:", configuration: configuration)
        try traced.executeScript("CREATE TABLE t (v INTEGER)")
        _ = try traced.execute("""
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?) INSERT INTO t SELECT i % ? FROM n
            """, rows, values)
        return traced
    }

    private func table(_ query: FrequencyQuery) throws -> [[SQLValue]] {
        var sql: SQL = "SELECT * FROM "
        sql.append(try query.table())
        return try database.fetchRows(sql).rows
    }

    func testEachValueWithItsCountShareAndBarMostFrequentFirst() throws {
        let query = try FrequencyQuery(relation: "\(identifier: "odd \"t\"")", column: "the kind", filter: nil)
        XCTAssertEqual(query.columnNames, ["the kind", "count", "percent", "histogram"])
        XCTAssertEqual(try table(query), [
            [.text("view"), .integer(3), .real(37.5), .text(String(repeating: "█", count: 20))],
            [.text("click"), .integer(2), .real(25.0), .text(String(repeating: "█", count: 13) + "▍")],
            [.null, .integer(1), .real(12.5), .text(String(repeating: "█", count: 6) + "▋")],
            [.text("buy"), .integer(1), .real(12.5), .text(String(repeating: "█", count: 6) + "▋")],
            [.text("ünï"), .integer(1), .real(12.5), .text(String(repeating: "█", count: 6) + "▋")],
        ])
    }

    func testTheViewsFilterDecidesWhichRowsAreCounted() throws {
        let query = try FrequencyQuery(relation: "\(identifier: "odd \"t\"")", column: "the kind", filter: "level < 3 -- low")
        XCTAssertEqual(try table(query).map { [$0[0], $0[1], $0[2]] }, [
            [.text("view"), .integer(2), .real(50.0)],
            [.text("click"), .integer(1), .real(25.0)],
            [.text("ünï"), .integer(1), .real(25.0)],
        ])
        XCTAssertThrowsError(try FrequencyQuery(relation: "\(identifier: "odd \"t\"")", column: "the kind", filter: "1) OR (1"))
    }

    func testTheFilterThatKeepsAValueFindsExactlyItsRows() throws {
        let query = try FrequencyQuery(relation: "\(identifier: "odd \"t\"")", column: "the kind", filter: "level < 6")
        for row in try table(query) {
            let filter = query.filter(keeping: row[0])
            var sql: SQL = "SELECT count(*) FROM \(identifier: "odd \"t\"") WHERE "
            sql.append(try SQL.userExpression(filter))
            XCTAssertEqual(try database.scalar(sql), row[1], filter)
        }
        XCTAssertEqual(query.filter(keeping: .text("it's")), "(level < 6) AND \"the kind\" = 'it''s'")
        let commented = try FrequencyQuery(relation: "\(identifier: "odd \"t\"")", column: "level", filter: "level < 6 -- low")
        XCTAssertEqual(commented.filter(keeping: .integer(1)), "(level < 6 -- low\n) AND \"level\" = 1")
        let unfiltered = try FrequencyQuery(relation: "\(identifier: "odd \"t\"")", column: "the kind", filter: " ")
        XCTAssertEqual(unfiltered.filter(keeping: .null), "\"the kind\" IS NULL")
    }

    func testAQuerysResultsCanBeCountedToo() throws {
        let relation = try SQL.userQuery("SELECT level % 2 AS parity FROM \"odd \"\"t\"\"\"")
        let query = try FrequencyQuery(relation: relation, column: "parity", filter: nil)
        XCTAssertEqual(try table(query).map { [$0[0], $0[1]] }, [[.integer(1), .integer(7)], [.integer(0), .integer(1)]])
    }

    func testThePagedSourceReadsAndCountsTheTable() throws {
        let source = try FrequencyQuery(relation: "\(identifier: "odd \"t\"")", column: "level", filter: nil)
            .source(in: database, title: "level")
        XCTAssertEqual(try source.count(), 6)
        XCTAssertEqual(try source.rows(0..<2).map { $0.values[0].castText + ":" + $0.values[1].castText }, ["1:3", "2:1"])
    }

    func testOneGroupedPassReadsTheFirstPageAndCountsTheValues() throws {
        let statements = Mutex<[String]>([])
        let traced = try tracedDatabase(rows: 900, values: 250) { sql in statements.withLock { $0.append(sql) } }
        statements.withLock { $0.removeAll() }
        let source = try FrequencyQuery(relation: "\(identifier: "t")", column: "v", filter: nil).source(in: traced, title: "v")
        XCTAssertFalse(source.isCounting, "no second grouped pass counts in the background")
        XCTAssertEqual(try source.rows(0..<1).first?.values, [.integer(1), .integer(4), .real(0.44), .text(String(repeating: "█", count: 20))])
        XCTAssertEqual(source.knownCount, 250, "the first page knows there are 250")
        XCTAssertEqual(try source.count(), 250)
        let grouped = statements.withLock { $0 }.filter { $0.contains("GROUP BY") }
        XCTAssertEqual(grouped.count, 1, grouped.joined(separator: "\n"))
        XCTAssertEqual(try source.rows(99..<101).map { $0.values[0] }, [.integer(100), .integer(101)], "later pages in the same order")
        let filtered = try source.applying(sort: nil, filter: "count > 3")
        XCTAssertEqual(try filtered.count(), 150, "a filter on the table counts what it keeps")
        XCTAssertFalse(filtered.isCounting)
        let empty = try FrequencyQuery(relation: "\(identifier: "t")", column: "v", filter: "v < 0").source(in: traced, title: "v")
        XCTAssertEqual(try empty.count(), 0)
    }

    /// Each page of a frequency table groups every row again: pages of 100 rows made scrolling
    /// through 100,000 values stop for half a second every two or three screens.
    func testScrollingAFrequencyTableGroupsOncePerThousandRows() throws {
        let statements = Mutex<[String]>([])
        let traced = try tracedDatabase(rows: 5_000, values: 2_500) { sql in statements.withLock { $0.append(sql) } }
        statements.withLock { $0.removeAll() }
        let source = try FrequencyQuery(relation: "\(identifier: "t")", column: "v", filter: nil).source(in: traced, title: "v")
        var seen: [GridValue] = []
        for screen in stride(from: 0, to: 1_200, by: 40) {
            seen += try source.rows(screen..<screen + 40).map { $0.values[0] }
        }
        XCTAssertEqual(seen, (0..<1_200).map { .integer(Int64($0)) }, "every value once, in order")
        let grouped = statements.withLock { $0 }.filter { $0.contains("GROUP BY") }
        XCTAssertEqual(grouped.count, 2, "30 screens, two pages: " + grouped.joined(separator: "\n"))
    }

    /// The share and the bar were computed for each of the groups before SQLite sorted them (a
    /// bar string and a call into Swift per group: 100,000 on a column of many values); they are
    /// now made outside the sorted groups, for the rows read only.
    func testTheShareAndBarAreMadeOutsideTheSortedGroups() throws {
        let query = try FrequencyQuery(relation: "\(identifier: "odd \"t\"")", column: "count", filter: "level > 0")
        let expected = "(SELECT \"reef value\" AS \"count\", \"reef count\" AS \"count:1\", "
            + "round(100.0 * \"reef count\" / \"reef total\", 2) AS \"percent\", reef_bar(\"reef count\", \"reef most\") AS \"histogram\" "
            + "FROM (SELECT \"reef value\" AS \"reef value\", count(*) AS \"reef count\", sum(count(*)) OVER () AS \"reef total\", "
            + "max(count(*)) OVER () AS \"reef most\" FROM (SELECT orm_value_key(\"count\", 1024) AS \"reef value\" "
            + "FROM \"odd \"\"t\"\"\" WHERE (level > 0\n) LIMIT -1) AS \"reef keys\" "
            + "GROUP BY 1 ORDER BY 2 DESC, 1) AS \"reef groups\") AS \"reef frequency\""
        XCTAssertEqual(try query.table().text, expected)
    }

    /// Long values are grouped by a key of a kilobyte (``ORMCore/ValueKey``): equal ones
    /// together, ones that differ only past their start apart; SQLite's heap never holds one
    /// whole beyond the row read; the table shows their start and size.
    func testLongValuesAreGroupedByKeysNotWhole() throws {
        let size = 4 << 20
        let long = String(repeating: "é", count: size / 2)
        try database.execute("CREATE TABLE long (v)")
        try database.execute("INSERT INTO long VALUES (?), (?), (?), (?), ('short'), (?)", long, long, long + "x",
                             Data(count: size), Data(count: size))
        let source = try FrequencyQuery(relation: "\(identifier: "long")", column: "v", filter: nil)
            .source(in: database, title: "v")
        SQLiteMemory.resetPeak()
        let before = SQLiteMemory.used
        let rows = try source.rows(0..<10)
        XCTAssertLessThan(SQLiteMemory.peak - before, size * 3 / 2, "more than one long value held at once")
        XCTAssertEqual(rows.map { $0.values[1] }, [.integer(2), .integer(2), .integer(1), .integer(1)])
        let prefix = String(repeating: "é", count: 512)
        XCTAssertEqual(rows.map { $0.values[0] }, [
            .longText(prefix: prefix, byteCount: size),
            GridValue(.blob(Data(count: 1_024)), fullSize: size),
            .text("short"),
            .longText(prefix: prefix, byteCount: size + 1),
        ])
    }

    func testThePercentShowsTwoDecimalsAligned() throws {
        let source = try FrequencyQuery(relation: "\(identifier: "odd \"t\"")", column: "level", filter: nil)
            .source(in: database, title: "level")
        let percent = try XCTUnwrap(source.columns.first { $0.name == FrequencyQuery.percentColumn })
        XCTAssertEqual(CellFormatter.format(.real(37.5), in: percent).text, "37.50")
        XCTAssertEqual(CellFormatter.format(.real(0.2), in: percent).text, "0.20")
        XCTAssertEqual(CellFormatter.format(.real(100), in: percent).text, "100.00")
        XCTAssertEqual(CellFormatter.format(.null, in: percent).text, "∅")
        let level = try XCTUnwrap(source.columns.first)
        XCTAssertEqual(CellFormatter.format(.real(0.2), in: level).text, "0.2", "other columns as they need")
    }

    func testBarsInEighths() {
        XCTAssertEqual(BarFunction.bar(0, of: 10), "")
        XCTAssertEqual(BarFunction.bar(1, of: 1_000_000), "▏", "a value above none is never drawn as none")
        XCTAssertEqual(BarFunction.bar(10, of: 10, width: 3), "███")
        XCTAssertEqual(BarFunction.bar(1, of: 2, width: 3), "█▌")
        XCTAssertEqual(BarFunction.bar(5, of: 0), "")
        XCTAssertEqual(BarFunction.bar(.nan, of: 3), "")
    }
}
