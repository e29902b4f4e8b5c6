import Foundation
import PostgresClient
import PostgresTestSupport
import TerminalTestSupport
import XCTest

/// `reef URL --sql`, run as the built executable on PostgreSQL: booleans and exact values, the
/// database's own splitting (dollar quotes, `BEGIN ATOMIC`), the error's place, the read-only
/// guard, a refused connection (status 3), a cancel on the server (status 130), and every row of
/// a long result.
final class BatchSQLOnPostgresTests: XCTestCase {
    /// A new database on the shared server, as a URL.
    private func makeDatabase() throws -> String {
        let server = try TestPostgresServer.shared()
        return server.url(database: try server.makeDatabase("reef_batch", for: self))
    }

    /// Runs `statements` on `url` with `extra` arguments.
    private func run(_ url: String, _ statements: String, _ extra: [String] = [], input: String = "") throws -> BatchProcess.Result {
        try BatchProcess.run([url, "--sql", statements] + extra, input: input)
    }

    func testValuesAreExactInEachFormatAndBooleansAreBooleans() throws {
        let url = try makeDatabase()
        let setup = try run(url, """
            CREATE TABLE t (id int PRIMARY KEY, ok boolean, note text, data bytea, price numeric(6,2));
            INSERT INTO t VALUES (1, true, E'two\\nlines, "quoted"', '\\x00ff', 1.50), (2, false, '', NULL, NULL), (3, NULL, NULL, '', 0)
            """)
        XCTAssertEqual(setup.status, 0, setup.error)
        XCTAssertEqual(setup.error, "3 rows changed\n")
        let query = "SELECT id, ok, note, data, price FROM t ORDER BY id"
        let csv = try run(url, query)
        XCTAssertEqual(csv.status, 0, csv.error)
        XCTAssertEqual(csv.text, "id,ok,note,data,price\r\n"
            + "1,true,\"two\nlines, \"\"quoted\"\"\",\\x00ff,1.50\r\n"
            + "2,false,\"\",,\r\n"
            + "3,,,\\x,0.00\r\n")
        let json = try run(url, query, ["--format", "json"])
        XCTAssertEqual(json.text, "[\n"
            + #"{"id":1,"ok":true,"note":"two\nlines, \"quoted\"","data":{"$base64":"AP8="},"price":"1.50"}"# + ",\n"
            + #"{"id":2,"ok":false,"note":"","data":null,"price":null}"# + ",\n"
            + #"{"id":3,"ok":null,"note":null,"data":{"$base64":""},"price":"0.00"}"# + "\n]\n")
        let tsv = try run(url, "SELECT id, ok FROM t ORDER BY id", ["--format", "tsv"])
        XCTAssertEqual(tsv.text, "id\tok\n1\ttrue\n2\tfalse\n3\t\n")
        let table = try run(url, "SELECT id, note FROM t WHERE id = 1", ["--format", "table"])
        XCTAssertEqual(table.text, "id  note\n--  " + String(repeating: "-", count: 19) + "\n 1  two↵lines, \"quoted\"\n")
        let prices = try run(url, "SELECT price, price::text AS shown FROM t ORDER BY id", ["--format", "table"])
        XCTAssertEqual(prices.text, "price  shown\n-----  -----\n 1.50  1.50\n∅      ∅\n 0.00  0.00\n",
                       "numeric's exact digits aligned as numbers, its text form as text")
    }

    func testDollarQuotesAndBeginAtomicBodiesAreOneStatementEach() throws {
        let url = try makeDatabase()
        let script = """
            CREATE FUNCTION twice(x int) RETURNS int LANGUAGE plpgsql AS $$
            BEGIN
              RETURN x * 2;  -- a ; inside the body
            END;
            $$;
            CREATE FUNCTION thrice(x int) RETURNS int LANGUAGE sql
            BEGIN ATOMIC
              SELECT x * 3;
            END;
            SELECT twice(4) AS a, thrice(5) AS b;
            """
        let result = try run(url, "-", ["--format", "jsonl"], input: script)
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertEqual(result.text, #"{"a":8,"b":15}"# + "\n")
    }

    func testAFailureNamesTheStatementAndTheServersPositionAndTheRestDoNotRun() throws {
        let url = try makeDatabase()
        let result = try run(url, "CREATE TABLE t (x int);\nBEGIN;\nINSERT INTO t VALUES (1);\nSELECT x,\n  nosuch FROM t;\nCOMMIT")
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.error, """
            reef: statement 4 of 5 (line 5, column 3): column "nosuch" does not exist
            reef: a transaction was still open at the end: rolled back

            """)
        XCTAssertEqual(try run(url, "SELECT count(*) AS n FROM t").text, "n\r\n0\r\n")
    }

    func testReadOnlyRefusesLargeObjectsAndWrites() throws {
        let url = try makeDatabase()
        XCTAssertEqual(try run(url, "CREATE TABLE t (x int)").status, 0)
        let largeObject = try run(url, "SELECT lo_create(0)", ["--readonly"])
        XCTAssertEqual(largeObject.status, 1)
        XCTAssertTrue(largeObject.error.hasPrefix("reef: statement 1 of 1 (line 1"), largeObject.error)
        XCTAssertTrue(largeObject.error.contains("read-only"), largeObject.error)
        let insert = try run(url, "INSERT INTO t VALUES (1)", ["--readonly"])
        XCTAssertEqual(insert.status, 1)
        XCTAssertEqual(try run(url, "SELECT count(*) AS n FROM pg_largeobject_metadata").text, "n\r\n0\r\n")
        XCTAssertEqual(try run(url, "SELECT count(*) AS n FROM t").text, "n\r\n0\r\n")
    }

    func testARefusedConnectionExitsWithStatus3() throws {
        // Port 1 on this machine: nothing listens there, the connection is refused.
        let result = try BatchProcess.run(["postgres://nobody@127.0.0.1:1/none", "--sql", "SELECT 1"])
        XCTAssertEqual(result.status, 3, result.error)
        XCTAssertTrue(result.error.hasPrefix("reef: cannot connect to nobody@127.0.0.1:1/none"), result.error)
        XCTAssertEqual(result.error.filter { $0 == "\n" }.count, 1, result.error)
        XCTAssertEqual(result.text, "")
    }

    func testEveryOneOf100000RowsArrives() throws {
        let url = try makeDatabase()
        let result = try run(url, "SELECT x, 'v' || x AS v FROM generate_series(1, 100000) AS x", ["--format", "jsonl"])
        XCTAssertEqual(result.status, 0, result.error)
        let lines = result.text.split(separator: "\n")
        XCTAssertEqual(lines.count, 100_000)
        XCTAssertEqual(lines.first, #"{"x":1,"v":"v1"}"#)
        XCTAssertEqual(lines.last, #"{"x":100000,"v":"v100000"}"#)
    }

    func testCtrlCCancelsTheStatementOnTheServer() throws {
        let url = try makeDatabase()
        let marker = "batch_cancel_\(UInt32.random(in: 0...UInt32.max))"
        let started = try ReefProcess.start([url, "--sql", "SELECT pg_sleep(600) AS \(marker)"])
        let running = "SELECT count(*) AS n FROM pg_stat_activity WHERE query LIKE '%AS \(marker)' AND pid <> pg_backend_pid()"
        try waitUntil("the statement runs on the server") { try run(url, running).text == "n\r\n1\r\n" }
        started.process.interrupt()
        let error = String(decoding: started.error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        started.process.waitUntilExit()
        XCTAssertEqual(started.process.terminationReason, .exit)
        XCTAssertEqual(started.process.terminationStatus, 130, error)
        XCTAssertEqual(error, "reef: interrupted: statement 1 of 1 was stopped\n")
        XCTAssertEqual(try run(url, running.replacingOccurrences(of: "WHERE", with: "WHERE state = 'active' AND")).text, "n\r\n0\r\n")
    }
}
