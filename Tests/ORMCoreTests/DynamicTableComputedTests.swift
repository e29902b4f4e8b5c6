import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared
import TestSupport

/// Computed columns of a table found at run time (``ComputedColumn``): read after the table's own
/// through a `SELECT` under the table's name, so conditions, sort keys, batches, rows read by key
/// and ``DynamicTable/evaluate(_:onRowWithKey:computing:)`` see them as columns, on SQLite and
/// PostgreSQL alike.
final class DynamicTableComputedTests: XCTestCase {
    private var kind: TestDatabaseKind { .current }

    /// `pair` (a composite key) and `track` (an integer key) in a new database.
    private func database() throws -> Database {
        let db = try makeTestDatabase(self)
        try db.executeScript(
            SQL(stringLiteral: #"""
            CREATE TABLE pair (a text, b text, score bigint, PRIMARY KEY (a, b))\#(kind.withoutRowID);
            INSERT INTO pair VALUES ('x', '1', 10), ('x', '2', 20), ('y', '1', 30);
            CREATE TABLE track (id bigint PRIMARY KEY, name text, ms bigint);
            INSERT INTO track VALUES (1, 'short', 60000), (2, 'long', 600000), (3, 'none', NULL);
            """#))
        return db
    }

    /// The doubled score, named with a space and a quote.
    private let doubled = ComputedColumn(name: #"double "score""#, expression: "score * 2 -- twice")

    func testTheQueryReadsTheComputedColumnsFromASelectUnderTheTablesName() throws {
        let db = try database()
        let query = try db.table("pair").query(cuttingValuesAt: nil, computing: [doubled]).orderBy(#""double ""score""""#)
        XCTAssertEqual(try query.selectStatement().text, #"""
            SELECT "pair"."a", "pair"."b", "pair"."score", "pair"."double ""score""" FROM (SELECT "pair"."a", "pair"."b", "pair"."score", \#
            (score * 2 -- twice
            ) AS "double ""score""" FROM "pair") AS "pair" ORDER BY "double ""score""", "pair"."a", "pair"."b"
            """#)
        let rows = try query.fetch()
        XCTAssertEqual(rows.map { $0.values }, [
            [.text("x"), .text("1"), .integer(10), .integer(20)],
            [.text("x"), .text("2"), .integer(20), .integer(40)],
            [.text("y"), .text("1"), .integer(30), .integer(60)],
        ])
        XCTAssertEqual(rows.first?.key, [.text("x"), .text("1")])
    }

    /// A condition and a sort key name the computed column (PostgreSQL has no select aliases in
    /// `WHERE`: the derived table makes it a column); a batched result set reads its windows by
    /// key with it, and counts.
    func testConditionsSortsAndBatchesSeeTheComputedColumn() throws {
        let db = try database()
        let minutes = ComputedColumn(name: "minutes", expression: "CAST(ms AS double precision) / 60000")
        let query = try db.table("track").query(cuttingValuesAt: 8, computing: [minutes])
            .where(#""minutes" > ?"#, 0.5).orderBy("minutes", descending: true)
        let rows = try query.batch(1).fetch()
        XCTAssertEqual(rows.count, 2)
        XCTAssertEqual((0..<rows.count).map { rows[$0]["name"] }, [.text("long"), .text("short")])
        XCTAssertEqual((0..<rows.count).map { rows[$0]["minutes"] }, [.real(10), .real(1)])
        XCTAssertEqual(try query.count(), 2)
    }

    /// A row read again by key, and expressions evaluated on a row by key, have the computed values.
    func testRowsByKeyAndEvaluationHaveTheComputedValues() throws {
        let db = try database()
        let table = try db.table("pair")
        let record = try XCTUnwrap(try table.record(key: [.text("y"), .text("1")], computing: [doubled]))
        XCTAssertEqual(record.values, [.text("y"), .text("1"), .integer(30), .integer(60)])
        XCTAssertEqual(try table.evaluate([#""double ""score""" + 1"#], onRowWithKey: [.text("x"), .text("2")], computing: [doubled]),
                       [.integer(41)])
        var count: SQL = "SELECT count(*) FROM "
        count.append(table.rows(computing: [doubled]))
        count.append(" WHERE \(identifier: #"double "score""#) >= \(40)")
        XCTAssertEqual(try db.scalar(count), .integer(2))
    }

    /// A computed column named as a column (in another case) or as another computed column is
    /// refused when the query runs; a bad expression gets the database's error.
    func testARepeatedNameOrABadExpressionIsRefused() throws {
        let db = try database()
        let table = try db.table("pair")
        let repeated = ComputedColumn(name: "SCORE", expression: "1")
        XCTAssertThrowsError(try table.query(cuttingValuesAt: nil, computing: [repeated]).fetch()) { error in
            XCTAssertEqual(error as? ORMError, .invalidQuery("computed column SCORE repeats a column's name"))
        }
        XCTAssertThrowsError(try table.query(cuttingValuesAt: nil, computing: [doubled, doubled]).count())
        let bad = ComputedColumn(name: "bad", expression: "nosuch + 1")
        XCTAssertThrowsError(try table.query(cuttingValuesAt: nil, computing: [bad]).fetch()) { error in
            XCTAssertTrue("\(error)".contains("nosuch"), "\(error)")
        }
    }
}
