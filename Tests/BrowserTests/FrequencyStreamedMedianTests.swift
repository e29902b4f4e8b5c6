import ORMCore
import XCTest
@testable import Browser

/// SQLite's medians read ahead by an ordered scan and bound into the frequency table's statement:
/// the same medians as the window pass, the middle of each group picked as the rows stream by,
/// and the window pass kept past the limit of groups.
final class FrequencyStreamedMedianTests: XCTestCase {
    private var database: Database!

    override func setUpWithError() throws {
        var configuration = Configuration()
        configuration.functions = [BarFunction.function]
        database = try Database(path: ":memory:", configuration: configuration)
        try database.executeScript("""
            CREATE TABLE m (g TEXT, h INTEGER, x REAL);
            INSERT INTO m VALUES ('odd', 1, 3), ('odd', 1, 1), ('odd', 1, 2), ('even', 1, 4), ('even', 1, 1), ('even', 1, NULL),
              ('even', 1, 2), ('even', 1, 10), (NULL, 2, 7), ('nulls', 2, NULL), ('odd', 2, 8), ('even', 1, 3);
            """)
    }

    private func query(filter: String? = nil) throws -> FrequencyQuery {
        try FrequencyQuery(relation: "\(identifier: "m")", columns: ["g", "h"], kinds: [.other, .other],
                           aggregates: [ColumnAggregate(column: "x", aggregate: .median), ColumnAggregate(column: "x", aggregate: .sum)],
                           filter: filter, dialect: .sqlite)
    }

    private func rows(_ query: FrequencyQuery) throws -> [[SQLValue]] {
        var sql: SQL = "SELECT g, h, count, x_median, x_sum FROM "
        sql.append(try query.table())
        return try database.fetchRows(sql).rows
    }

    func testTheMediansReadAheadAreTheWindowPasses() throws {
        let expected: [[SQLValue]] = [
            [.text("even"), .integer(1), .integer(6), .real(3), .real(20)],  // 1 2 3 4 10: 3
            [.text("odd"), .integer(1), .integer(3), .real(2), .real(6)],
            [.null, .integer(2), .integer(1), .real(7), .real(7)],
            [.text("nulls"), .integer(2), .integer(1), .null, .null],
            [.text("odd"), .integer(2), .integer(1), .real(8), .real(8)],
        ]
        XCTAssertEqual(try rows(try query()), expected)
        let read = try query().readingMedians(from: database)
        XCTAssertEqual(read.streamedMedians[0], [
            [.null, .integer(2), .real(7)], [.text("even"), .integer(1), .real(3)], [.text("odd"), .integer(1), .real(2)],
            [.text("odd"), .integer(2), .real(8)],
        ])
        XCTAssertTrue(try read.table().text.contains("FROM (VALUES (?, ?, ?), (?, ?, ?)"), "bound, not a window pass")
        XCTAssertFalse(try read.table().text.contains("row_number()"))
        XCTAssertEqual(try rows(read), expected)
        let filtered = try query(filter: "x < 4").readingMedians(from: database)
        XCTAssertEqual(try rows(filtered).first, [.text("even"), .integer(1), .integer(3), .real(2), .real(6)], "1 2 3 (4, 10 and NULL filtered out)")
    }

    func testPastTheLimitOfGroupsTheWindowPassStays() throws {
        XCTAssertNil(try query().streamedMedian(of: "x", in: database, limit: 3))
        XCTAssertNotNil(try query().streamedMedian(of: "x", in: database, limit: 4))
    }

    func testNoValueAnywhereGivesNoMedian() throws {
        let read = try query(filter: "x IS NULL").readingMedians(from: database)
        XCTAssertEqual(read.streamedMedians[0], [])
        XCTAssertEqual(try rows(read), [[.text("even"), .integer(1), .integer(1), .null, .null], [.text("nulls"), .integer(2), .integer(1), .null, .null]])
    }

    func testThePickerTakesTheMiddleOfEachGroup() {
        var picker = MedianPicker(counts: [1, 4, 3])
        for row: [SQLValue] in [[.text("a"), .integer(5)], [.text("b"), .integer(1)], [.text("b"), .integer(2)], [.text("b"), .integer(4)],
                                [.text("b"), .integer(9)], [.text("c"), .real(0.5)], [.text("c"), .real(1.5)], [.text("c"), .real(7)]] {
            picker.take(row)
        }
        XCTAssertEqual(picker.medians, [[.text("a"), .real(5)], [.text("b"), .real(3)], [.text("c"), .real(1.5)]])
    }
}
