import ORMCore
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

    func testBarsInEighths() {
        XCTAssertEqual(BarFunction.bar(0, of: 10), "")
        XCTAssertEqual(BarFunction.bar(1, of: 1_000_000), "▏", "a value above none is never drawn as none")
        XCTAssertEqual(BarFunction.bar(10, of: 10, width: 3), "███")
        XCTAssertEqual(BarFunction.bar(1, of: 2, width: 3), "█▌")
        XCTAssertEqual(BarFunction.bar(5, of: 0), "")
        XCTAssertEqual(BarFunction.bar(.nan, of: 3), "")
    }
}
