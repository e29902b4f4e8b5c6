import PostgresClient
import PostgresTestSupport
import XCTest

@_spi(ModelSupport) @testable import ORMCore
@_spi(ModelSupport) @testable import ORMPostgreSQL
@_spi(ModelSupport) @testable import ORMSQLite
@_spi(ModelSupport) @testable import ORMShared

@Model(table: "ledger")
final class LedgerLine {
    var amount: Int = 0
}

/// `Database(url:schema:)`: the schema chosen is the one described, written and read by
/// unqualified names, whatever other schemas hold; one that is not there is named with those
/// that are; the statistics' estimates are read at once.
final class PostgresSchemaTests: XCTestCase {
    /// A database with `public.orders` (3 rows) and `sales.orders` (2 rows, other columns) and
    /// `sales.regions`.
    private func makeTwoSchemas() throws -> String {
        let conninfo = try makePostgresDatabase("schemas")
        try PGConnection(conninfo).executeScript("""
            CREATE TABLE orders (id bigint PRIMARY KEY, total numeric);
            INSERT INTO orders VALUES (1, 10), (2, 20), (3, 30);
            CREATE SCHEMA sales;
            CREATE TABLE sales.orders (id bigint PRIMARY KEY, region text);
            INSERT INTO sales.orders VALUES (7, 'north'), (8, 'south');
            CREATE TABLE sales.regions (name text PRIMARY KEY);
            """)
        return conninfo
    }

    func testTheSchemaChosenIsDescribedAndItsTablesFoundByTheirPlainNames() throws {
        let conninfo = try makeTwoSchemas()
        let sales = try Database(url: conninfo, schema: "sales")
        XCTAssertEqual(try sales.schemaName(), "sales")
        XCTAssertEqual(try sales.schemaObjects().map(\.name), ["orders", "regions"])
        XCTAssertEqual(try sales.tableInfo("orders")?.columns.map(\.name), ["id", "region"])
        XCTAssertEqual(try sales.scalar("SELECT count(*) FROM orders"), .integer(2))
        XCTAssertEqual(try sales.table("orders").query().orderBy("id").fetch().map { $0["region"] },
                       [.text("north"), .text("south")])
        // Writes land there too, the readers' sessions and the writer's alike.
        try sales.execute("INSERT INTO orders VALUES (?, ?)", 9, "east")
        let plain = try Database(url: conninfo)
        XCTAssertEqual(try plain.schemaName(), "public")
        XCTAssertEqual(try plain.scalar("SELECT count(*) FROM orders"), .integer(3))
        XCTAssertEqual(try plain.scalar("SELECT count(*) FROM sales.orders"), .integer(3))
        XCTAssertEqual(try plain.schemas(), ["public", "sales"])
    }

    func testAModelsTableIsMadeInTheSchemaChosen() throws {
        let conninfo = try makeTwoSchemas()
        let sales = try Database(url: conninfo, schema: "sales")
        let line = LedgerLine()
        line.amount = 5
        try line.commit(in: sales)
        XCTAssertEqual(try LedgerLine.fetchAll(in: sales).map(\.amount), [5])
        let plain = try Database(url: conninfo)
        XCTAssertEqual(try plain.scalar("SELECT count(*) FROM sales.ledger"), .integer(1))
        XCTAssertNil(try plain.tableInfo("ledger"), "public has no ledger")
    }

    func testASchemaTheDatabaseDoesNotHaveIsNamedWithThoseItHas() throws {
        let conninfo = try makeTwoSchemas()
        XCTAssertThrowsError(try Database(url: conninfo, schema: "archive")) { error in
            let text = String(describing: error)
            XCTAssertTrue(text.contains(#"no schema named "archive" in this database (it has: public, sales)"#), text)
        }
    }

    func testASQLiteFileHasOnlyMain() throws {
        XCTAssertNoThrow(try Database(url: ":memory:", schema: "main"))
        XCTAssertThrowsError(try Database(url: ":memory:", schema: "sales")) { error in
            guard case ORMError.unknownName(let detail) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(detail.contains("one schema, main"), detail)
        }
        XCTAssertEqual(try Database(url: ":memory:").schemas(), ["main"])
        XCTAssertEqual(try Database(url: ":memory:").estimatedRowCounts(), [:])
    }

    func testEstimatesAreTheStatisticsOnceATableWasAnalysed() throws {
        let conninfo = try makeTwoSchemas()
        let sales = try Database(url: conninfo, schema: "sales")
        XCTAssertEqual(try sales.estimatedRowCounts(), [:], "never analysed: no estimate")
        try sales.executeScript("INSERT INTO regions SELECT 'r' || n FROM generate_series(1, 500) AS n; ANALYZE")
        XCTAssertEqual(try sales.estimatedRowCounts(), ["orders": 2, "regions": 500])
        let listing = try sales.schemaListing()
        XCTAssertEqual(listing.objects.map(\.name), ["orders", "regions"])
        XCTAssertEqual(listing.estimatedRowCounts, ["orders": 2, "regions": 500])
        XCTAssertEqual(listing.otherSchemas, [
            SchemaListing.QualifiedObject(schema: "public", name: "orders", kind: .table, estimatedRows: 3),
        ], "the other schemas' tables come with the listing, the server's own schemas left out")
        let plain = try Database(url: conninfo).schemaListing()
        XCTAssertEqual(plain.objects.map(\.name), ["orders"])
        XCTAssertEqual(plain.otherSchemas.map { "\($0.schema).\($0.name)" }, ["sales.orders", "sales.regions"])
        XCTAssertEqual(try Database(url: ":memory:").schemaListing().otherSchemas, [], "a SQLite file has one schema")
    }

    func testAnErrorSaysWhereInTheStatementTheServerFoundIt() throws {
        let db = try Database(url: try makePostgresDatabase("position"))
        try db.execute("CREATE TABLE t (ünï text)")
        XCTAssertThrowsError(try db.execute("SELECT ünï, nope FROM t")) { error in
            XCTAssertEqual((error as? PostgresDatabaseError)?.sqlOffset, 12, "\(error)")
            XCTAssertEqual((error as? any DatabaseError)?.sql, "SELECT ünï, nope FROM t")
        }
    }
}
