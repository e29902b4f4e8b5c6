import XCTest
@testable import PostgresClient
import PostgresTestSupport

/// Statements prepared once and run many times, and values read as Swift types.
final class PGPreparedStatementTests: XCTestCase {
    private var connection: PGConnection!

    override func setUpWithError() throws {
        connection = try PGConnection(TestPostgresServer.shared().connectionString())
        try connection.executeScript("CREATE TEMPORARY TABLE item (id int PRIMARY KEY, name text, score double precision, ok boolean)")
    }

    func testAPreparedStatementRunsManyTimesWithItsOwnValues() throws {
        let insert = try connection.prepare("INSERT INTO item VALUES ($1, $2, $3, $4)")
        XCTAssertEqual(insert.parameterTypes, [.int4, .text, .float8, .bool])
        for id in 1...100 {
            try connection.execute(insert, [.text(String(id)), .text("item \(id)"), .text(String(Double(id) / 4)), .text(id % 2 == 0 ? "t" : "f")])
        }
        let select = try connection.prepare("SELECT id, name, score, ok FROM item WHERE id > $1 ORDER BY id")
        XCTAssertEqual(try connection.execute(select, [.text("97")]).map { try $0.int64(at: 0) }, [98, 99, 100])
        var seen: [String] = []
        try connection.forEachRow(select, [.text("98")]) { row in
            seen.append(row.text(at: 1) ?? "NULL")
        }
        XCTAssertEqual(seen, ["item 99", "item 100"])
        let other = try connection.prepare("SELECT 1")
        XCTAssertNotEqual(other.name, select.name, "each statement has a name of its own")
    }

    func testAStatementThatDoesNotParseSaysWhere() {
        XCTAssertThrowsError(try connection.prepare("SELECT id FROM item WHERE")) { error in
            let error = error as? PGError
            XCTAssertEqual(error?.sqlState, "42601")
            XCTAssertEqual(error?.position, 26)
        }
        XCTAssertThrowsError(try connection.prepare("SELECT nothing FROM item")) { error in
            XCTAssertEqual((error as? PGError)?.sqlState, "42703")
        }
        XCTAssertEqual(try connection.execute("SELECT 1")[0].text(at: 0), "1", "the connection goes on")
    }

    /// Checking a statement (a table's query before its rows are read) prepared a named statement
    /// and dropped it: three round trips. It is now one, and nothing is left on the server.
    func testACheckSaysWhereAStatementFailsAndRunsAndKeepsNothing() throws {
        try connection.check("INSERT INTO item (id) VALUES ($1)")
        XCTAssertEqual(try connection.execute("SELECT count(*) FROM item")[0].text(at: 0), "0", "not run")
        XCTAssertEqual(try connection.execute("SELECT count(*) FROM pg_prepared_statements")[0].text(at: 0), "0", "not kept")
        XCTAssertThrowsError(try connection.check("SELECT id FROM item WHERE")) { error in
            XCTAssertEqual((error as? PGError)?.sqlState, "42601")
            XCTAssertEqual((error as? PGError)?.position, 26)
        }
        XCTAssertThrowsError(try connection.check("SELECT id FROM item ORDER BY nothing")) { error in
            XCTAssertEqual((error as? PGError)?.sqlState, "42703", "\(error)")
        }
        XCTAssertEqual(try connection.execute("SELECT 1")[0].text(at: 0), "1", "the connection goes on")
    }

    func testTheWrongNumberOfValuesIsRefusedBeforeAnythingIsSent() throws {
        let insert = try connection.prepare("INSERT INTO item (id, name) VALUES ($1, $2)")
        for values: [PGParameter] in [[.text("1")], [.text("1"), .text("a"), .text("b")]] {
            XCTAssertThrowsError(try connection.execute(insert, values)) { error in
                XCTAssertEqual((error as? PGError)?.kind, .misuse)
                XCTAssertTrue("\(error)".contains("2 placeholders but \(values.count) values"), "\(error)")
            }
        }
        XCTAssertEqual(try connection.execute("SELECT count(*) FROM item")[0].int64(at: 0), 0)
    }

    func testADeallocatedStatementIsGone() throws {
        let select = try connection.prepare("SELECT 1")
        try connection.deallocate(select)
        XCTAssertThrowsError(try connection.execute(select)) { error in
            XCTAssertEqual((error as? PGError)?.sqlState, "26000", "\(error)")
        }
    }

    func testValuesReadAsSwiftTypes() throws {
        let row = try connection.execute("""
            SELECT 42::smallint, '-9223372036854775808'::bigint, 'NaN'::float8, '-Infinity'::float8, 0.1::float8,
                   true, false, NULL::int, 'x', 1e300::float8
            """)[0]
        XCTAssertEqual(try row.int64(at: 0), 42)
        XCTAssertEqual(try row.int64(at: 1), .min)
        XCTAssertTrue(try row.double(at: 2)?.isNaN ?? false)
        XCTAssertEqual(try row.double(at: 3), -.infinity)
        XCTAssertEqual(try row.double(at: 4), 0.1, "float8 text round-trips exactly")
        XCTAssertEqual(try row.bool(at: 5), true)
        XCTAssertEqual(try row.bool(at: 6), false)
        XCTAssertNil(try row.int64(at: 7))
        XCTAssertNil(try row.bool(at: 7))
        XCTAssertThrowsError(try row.int64(at: 8)) { error in
            XCTAssertTrue("\(error)".contains("is not an integer: x"), "\(error)")
        }
        XCTAssertThrowsError(try row.bool(at: 8))
        XCTAssertEqual(try row.double(at: 9), 1e300)
    }
}
