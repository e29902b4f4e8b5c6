import ORMCore
import XCTest
@testable import Browser

/// The SQL of a frequency table with aggregates and several grouped columns, in both dialects, and
/// what SQLite computes with it: each aggregate per group in the one grouped pass, names quoted,
/// the median refused where SQLite has none, the filter that keeps a group of several values.
final class FrequencyAggregateQueryTests: XCTestCase {
    private var database: Database!

    override func setUpWithError() throws {
        var configuration = Configuration()
        configuration.functions = [BarFunction.function]
        database = try Database(path: ":memory:", configuration: configuration)
        try database.executeScript(#"""
            CREATE TABLE "sa""les" (region TEXT, year INTEGER, "the amount" REAL);
            INSERT INTO "sa""les" VALUES ('n', 2023, 10), ('n', 2023, 20), ('n', 2024, 1500.5), ('s', 2023, 5), (NULL, 2024, 1);
            """#)
    }

    private func query(_ aggregates: [Aggregate], groups: [String] = ["region"], dialect: SQLDialect = .sqlite,
                       filter: String? = nil) throws -> FrequencyQuery {
        try FrequencyQuery(relation: "\(identifier: "sa\"les")", columns: groups, kinds: groups.map { _ in .other },
                           aggregates: aggregates.map { ColumnAggregate(column: "the amount", aggregate: $0) },
                           integerColumns: ["year"], filter: filter, dialect: dialect)
    }

    func testTheColumnsAreTheGroupsTheCountsAndOneAnAggregate() throws {
        let query = try query([.sum, .mean], groups: ["region", "year"])
        XCTAssertEqual(query.columnNames, ["region", "year", "count", "percent", "histogram", "the amount_sum", "the amount_mean"])
    }

    func testSQLiteComputesEachAggregatePerGroup() throws {
        let query = try query([.count, .distinct, .sum, .mean, .min, .max, .stddev])
        var sql: SQL = "SELECT region, count, \"the amount_count\", \"the amount_distinct\", \"the amount_sum\", \"the amount_mean\", "
        sql.append("\"the amount_min\", \"the amount_max\", round(\"the amount_stddev\", 4) FROM ")
        sql.append(try query.table())
        XCTAssertEqual(try database.fetchRows(sql).rows, [
            [.text("n"), .integer(3), .integer(3), .integer(3), .real(1530.5), .real(510.5 - 1 / 3.0), .real(10), .real(1500.5), .real(857.6684)],
            [.null, .integer(1), .integer(1), .integer(1), .real(1), .real(1), .real(1), .real(1), .null],
            [.text("s"), .integer(1), .integer(1), .integer(1), .real(5), .real(5), .real(5), .real(5), .null],
        ])
    }

    func testTheGroupsOfSeveralColumnsAndTheirFilter() throws {
        let query = try query([.sum], groups: ["region", "year"], filter: "year > 2000")
        var sql: SQL = "SELECT region, year, count, \"the amount_sum\" FROM "
        sql.append(try query.table())
        XCTAssertEqual(try database.fetchRows(sql).rows, [
            [.text("n"), .integer(2023), .integer(2), .real(30)],
            [.null, .integer(2024), .integer(1), .real(1)],
            [.text("n"), .integer(2024), .integer(1), .real(1500.5)],
            [.text("s"), .integer(2023), .integer(1), .real(5)],
        ])
        XCTAssertEqual(query.filter(keeping: [.null, .integer(2024)]), "(year > 2000) AND \"region\" IS NULL AND \"year\" = 2024")
        XCTAssertEqual(query.filter(keeping: [.text("it's"), .integer(1)]), "(year > 2000) AND \"region\" = 'it''s' AND \"year\" = 1")
    }

    func testAGroupsRowsAreFoundByItsValuesBound() throws {
        let query = try query([.sum], groups: ["region", "year"], filter: "year > 2000")
        let group = query.group(keeping: [.text("n'); DROP TABLE x; --"), .null])
        XCTAssertEqual(group.condition.text, #""region" = ? AND "year" IS NULL"#)
        XCTAssertEqual(group.condition.arguments, [.text("n'); DROP TABLE x; --")])
        XCTAssertEqual(group.label, "region = 'n''); DROP TABLE x; --' AND year IS NULL")
        let north = query.group(keeping: [.text("n"), .integer(2023)])
        var sql: SQL = "SELECT count(*), sum(\"the amount\") FROM "
        sql.append(north.restricting("\(identifier: "sa\"les")"))
        XCTAssertEqual(sql.arguments, [.text("n"), .integer(2023)])
        XCTAssertEqual(try database.fetchRows(sql).rows, [[.integer(2), .real(30)]])
    }

    func testSQLiteTakesEachGroupsMiddleValueAsItsMedian() throws {
        try database.executeScript("""
            CREATE TABLE m (g TEXT, h INTEGER, x REAL);
            INSERT INTO m VALUES ('odd', 1, 3), ('odd', 1, 1), ('odd', 1, 2), ('even', 1, 4), ('even', 1, 1), ('even', 1, NULL),
              ('even', 1, 2), ('even', 1, 10), (NULL, 2, 7), ('nulls', 2, NULL), ('odd', 2, 8);
            """)
        let query = try FrequencyQuery(relation: "\(identifier: "m")", columns: ["g", "h"], kinds: [.other, .other],
                                       aggregates: [ColumnAggregate(column: "x", aggregate: .sum), ColumnAggregate(column: "x", aggregate: .median),
                                                    ColumnAggregate(column: "x", aggregate: .max)],
                                       filter: "x IS NULL OR x < 9", dialect: .sqlite)
        XCTAssertEqual(query.columnNames.suffix(3), ["x_sum", "x_median", "x_max"])
        var sql: SQL = "SELECT g, h, count, x_sum, x_median, x_max FROM "
        sql.append(try query.table())
        XCTAssertEqual(try database.fetchRows(sql).rows, [
            [.text("even"), .integer(1), .integer(4), .real(7), .real(2), .real(4)],  // 1 2 4 (10 filtered out, NULL skipped)
            [.text("odd"), .integer(1), .integer(3), .real(6), .real(2), .real(3)],
            [.null, .integer(2), .integer(1), .real(7), .real(7), .real(7)],
            [.text("nulls"), .integer(2), .integer(1), .null, .null, .null],
            [.text("odd"), .integer(2), .integer(1), .real(8), .real(8), .real(8)],
        ])
        XCTAssertThrowsError(try Aggregate.median.sql(of: "x", in: .sqlite)) { error in
            XCTAssertEqual(String(describing: error), "SQLite has no median built in; on PostgreSQL it is percentile_cont(0.5)")
        }
    }

    func testPostgreSQLsMedianAndStandardDeviationAreItsOwn() throws {
        let postgres = try query([.median, .stddev, .sum], dialect: .postgres)
        let text = try postgres.table(in: .postgres).text
        XCTAssertTrue(text.contains(#"percentile_cont(0.5) WITHIN GROUP (ORDER BY "the amount") AS "reef aggregate 0""#), text)
        XCTAssertTrue(text.contains(#"CAST(stddev_samp("the amount") AS double precision) AS "reef aggregate 1""#), text)
        XCTAssertTrue(text.contains(#"CAST(sum("the amount") AS double precision) AS "reef aggregate 2""#), text)
        XCTAssertTrue(text.contains(#"GROUP BY 1 ORDER BY 2 DESC, 1"#), text)
    }

    func testAnIntegerColumnsSumStaysAnIntegerOnPostgreSQL() throws {
        XCTAssertEqual(try Aggregate.sum.sql(of: "\(identifier: "qty")", integers: true, in: .postgres).text, #"CAST(sum("qty") AS bigint)"#)
        XCTAssertEqual(try Aggregate.sum.sql(of: "\(identifier: "qty")", in: .sqlite).text, #"sum("qty")"#)
    }

    func testNumbersGroupTheirThousands() {
        XCTAssertEqual(CellFormatter.groupingThousands("1234567.50"), "1,234,567.50")
        XCTAssertEqual(CellFormatter.groupingThousands("-1234.5"), "-1,234.5")
        XCTAssertEqual(CellFormatter.groupingThousands("999.99"), "999.99")
        XCTAssertEqual(CellFormatter.groupingThousands("100000"), "100,000")
        let column = GridColumn(name: "x_sum", kind: .real, decimals: 2, groupsDigits: true)
        XCTAssertEqual(CellFormatter.format(.real(-1234567.126), in: column).text, "-1,234,567.13")
        XCTAssertEqual(CellFormatter.format(.integer(3003), in: column).text, "3,003")
    }
}
