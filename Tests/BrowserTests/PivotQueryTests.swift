import ORMCore
import XCTest
@testable import Browser

/// The SQL of a pivot table and what SQLite computes with it: the most frequent values of the
/// pivoted column, one conditional aggregate a value (the value bound, never written into the
/// text), the rest as `other`, a `Total` column and a totals row, names quoted; and the rows a
/// cell stands for.
final class PivotQueryTests: XCTestCase {
    private var database: Database!

    override func setUpWithError() throws {
        database = try Database(path: ":memory:")
        try database.executeScript(#"""
            CREATE TABLE "sa""les" (region TEXT, year INTEGER, "the amount" REAL);
            INSERT INTO "sa""les" VALUES ('n', 2023, 10), ('n', 2023, 20), ('n', 2024, 1500.5), ('s', 2023, 5), (NULL, 2024, 1),
              ('s', 2025, 2), ('n', NULL, 4);
            """#)
    }

    private func query(_ aggregate: Aggregate? = nil, limit: Int = 20, filter: String? = nil) throws -> PivotQuery {
        try PivotQuery(relation: "\(identifier: "sa\"les")", rowColumn: "region", columnColumn: "year",
                       aggregate: aggregate.map { ColumnAggregate(column: "the amount", aggregate: $0) }, filter: filter, limit: limit)
    }

    /// The table's rows as shown (the pinned column left out), in its default order.
    private func rows(_ table: PivotTable) throws -> [[SQLValue]] {
        var relation = RelationQuery(relation: table.relation, columnNames: table.columnNames)
        relation.pinnedColumn = PivotTable.pinnedColumn
        return try database.fetchRows(relation.all()).rows
    }

    func testTheFrequentValuesAreReadFirstOneMoreThanTheLimit() throws {
        let query = try query(limit: 2, filter: "year > 0")
        XCTAssertEqual(try query.frequentValues().text,
                       #"SELECT "year", count(*) FROM "sa""les" WHERE (year > 0"# + "\n" + #") GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 3"#)
        let columns = query.columns(from: try database.fetchRows(try query.frequentValues()).rows)
        XCTAssertEqual(columns, PivotColumns(values: [.integer(2023), .integer(2024)], hasOther: true))
    }

    func testEachCellIsOneConditionalAggregateWithTheValueBound() throws {
        let table = try query(.sum).table(columns: PivotColumns(values: [.integer(2023), .null], hasOther: true))
        XCTAssertEqual(table.columnNames, ["region", "2023", "∅", "other", "Total"])
        let cells = #"sum(CASE WHEN "year" = ? THEN "the amount" END) AS "2023", sum(CASE WHEN "year" IS NULL THEN "the amount" END) AS "∅", "#
            + #"sum(CASE WHEN ("year" IS NOT NULL AND "year" NOT IN (?)) THEN "the amount" END) AS "other", sum("the amount") AS "Total""#
        XCTAssertEqual(table.relation.text, #"(SELECT "region" AS "region", "# + cells + #", 0 AS "reef total row" FROM "sa""les" GROUP BY 1 "#
            + #"UNION ALL SELECT 'Total' AS "region", "# + cells + #", 1 AS "reef total row" FROM "sa""les") AS "reef pivot""#)
        XCTAssertEqual(table.relation.arguments, [.integer(2023), .integer(2023), .integer(2023), .integer(2023)])
    }

    func testSQLiteCountsEachKeyAndValueTheRestAsOther() throws {
        let query = try query(limit: 2)
        let table = try query.table(columns: query.columns(from: try database.fetchRows(try query.frequentValues()).rows))
        XCTAssertEqual(table.columnNames, ["region", "2023", "2024", "other", "Total"])
        XCTAssertEqual(try rows(table), [
            [.null, .integer(0), .integer(1), .integer(0), .integer(1)],
            [.text("n"), .integer(2), .integer(1), .integer(1), .integer(4)],
            [.text("s"), .integer(1), .integer(0), .integer(1), .integer(2)],
            [.text("Total"), .integer(3), .integer(2), .integer(2), .integer(7)],
        ])
    }

    func testSQLiteAggregatesEachCell() throws {
        let query = try query(.max, limit: 1)
        let table = try query.table(columns: query.columns(from: try database.fetchRows(try query.frequentValues()).rows))
        XCTAssertEqual(try rows(table), [
            [.null, .null, .real(1), .real(1)],
            [.text("n"), .real(20), .real(1500.5), .real(1500.5)],
            [.text("s"), .real(5), .real(2), .real(5)],
            [.text("Total"), .real(20), .real(1500.5), .real(1500.5)],
        ])
    }

    func testACellsRowsAreBothValuesBoundTheTotalsEachAlone() throws {
        let table = try query().table(columns: PivotColumns(values: [.integer(2023), .null], hasOther: true))
        let cell = try XCTUnwrap(table.group(key: .text("n"), column: 1))
        XCTAssertEqual(cell.condition.text, #""region" = ? AND "year" = ?"#)
        XCTAssertEqual(cell.condition.arguments, [.text("n"), .integer(2023)])
        XCTAssertEqual(cell.label, "region = 'n' AND year = 2023")
        let nulls = try XCTUnwrap(table.group(key: .null, column: 2))
        XCTAssertEqual(nulls.condition.text, #""region" IS NULL AND "year" IS NULL"#)
        let other = try XCTUnwrap(table.group(key: .text("s"), column: 3))
        XCTAssertEqual(other.condition.text, #""region" = ? AND ("year" IS NOT NULL AND "year" NOT IN (?))"#)
        XCTAssertEqual(other.label, "region = 's' AND year is another value")
        XCTAssertEqual(table.group(key: .text("s"), column: 4)?.condition.text, #""region" = ?"#)
        XCTAssertEqual(table.group(key: nil, column: 1)?.condition.text, #""year" = ?"#)
        XCTAssertNil(table.group(key: nil, column: 0), "the totals row's key cell: every row")
        let counted = try database.fetchRows("SELECT count(*) FROM \(sql: other.restricting("\(identifier: "sa\"les")"))").rows
        XCTAssertEqual(counted, [[.integer(1)]], "s in 2025")
    }

    func testAMedianOnSQLiteIsRefused() {
        XCTAssertThrowsError(try query(.median)) { error in
            XCTAssertTrue(error is AggregateUnavailable, "\(error)")
        }
    }
}
