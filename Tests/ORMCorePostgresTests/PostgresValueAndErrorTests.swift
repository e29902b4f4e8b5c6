import Foundation
import PostgresClient
import PostgresTestSupport
import Synchronization
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// ORMCore's values read from every type the catalog has, and PostgreSQL's errors as
/// `DatabaseError`s, on a real server.
final class PostgresValueAndErrorTests: XCTestCase {
    private var server: TestPostgresServer!
    private var database = ""
    private var connection: PGConnection!

    override func setUpWithError() throws {
        server = try TestPostgresServer.shared()
        database = try server.makeDatabase("values", for: self)
        connection = try PGConnection(server.connectionString(database: database))
    }

    override func tearDown() {
        connection?.close()
    }

    func testEveryCatalogTypeReads() throws {
        try connection.executeScript("CREATE TYPE mood AS ENUM ('sad', 'happy'); SET TimeZone = 'UTC'")
        let row = try connection.execute("""
            SELECT 1::int2, (-2147483648)::int4, 9223372036854775807::int8, 26::oid, 1.5::float4, 'NaN'::float8,
                   '-Infinity'::float8, true, false, '\\x00ff'::bytea,
                   12345678901234567890.123456789012345678901234567890::numeric, '1 day 02:03:04'::interval,
                   '192.168.0.1/24'::inet, ARRAY['a', NULL, 'b,c']::text[], 'happy'::mood,
                   'e621e1f8-c36c-495a-93fc-0c247a3e6e5f'::uuid, '{"b": 1, "a": [true]}'::jsonb,
                   '2024-02-29 12:00:00.25+00'::timestamptz, '2024-02-29'::date, NULL::text, 'zoë'::text
            """)[0]
        let values = try (0..<row.count).map { try SQLValue(row, at: $0) }
        XCTAssertEqual(values[0..<5], [1, -2147483648, .integer(.max), 26, 1.5])
        XCTAssertTrue(values[5] == .real(.nan) || { if case .real(let x) = values[5] { return x.isNaN } else { return false } }())
        XCTAssertEqual(values[6...9], [.real(-.infinity), 1, 0, .blob(Data([0, 255]))])
        XCTAssertEqual(values[10...], [
            "12345678901234567890.123456789012345678901234567890", "1 day 02:03:04", "192.168.0.1/24",
            #"{a,NULL,"b,c"}"#, "happy", "e621e1f8-c36c-495a-93fc-0c247a3e6e5f", #"{"a": [true], "b": 1}"#,
            "2024-02-29 12:00:00.25+00", "2024-02-29", .null, "zoë",
        ])
        XCTAssertEqual(try SQLValue(row, at: 17, as: .date), .real(1_709_208_000.25))
        XCTAssertEqual(try SQLValue(row, at: 7, as: .boolean), 1)
    }

    func testValuesBindInTheFormTheirColumnReads() throws {
        try connection.execute("CREATE TABLE t (b boolean, d timestamptz, x bytea, n numeric, u uuid, j jsonb, f double precision)")
        let values: [(SQLValue, StoredType)] = [
            (true.databaseValue, .boolean), (Date(timeIntervalSince1970: -0.5).databaseValue, .date),
            (.blob(Data([0, 1])), .bytes), (Decimal(string: "-0.000000000000000000000000000001")!.databaseValue, .decimal),
            (UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!.databaseValue, .uuid), ("[1, \"two\"]", .json),
            (.real(.infinity), .double),
        ]
        try connection.execute("INSERT INTO t VALUES ($1, $2, $3, $4, $5, $6, $7)", values.map { PGParameter($0, as: $1) })
        let row = try connection.execute("SELECT * FROM t")[0]
        let read = try values.indices.map { try SQLValue(row, at: $0, as: values[$0].1) }
        XCTAssertEqual(read, [1, -0.5, .blob(Data([0, 1])), "-0.000000000000000000000000000001",
                              "e621e1f8-c36c-495a-93fc-0c247a3e6e5f", #"[1, "two"]"#, .real(.infinity)])
        XCTAssertEqual(Decimal.fromDatabaseValue(read[3]), Decimal(string: "-0.000000000000000000000000000001"))
    }

    private func error(_ sql: String, on connection: PGConnection? = nil) -> PostgresDatabaseError? {
        do {
            try (connection ?? self.connection).executeScript(sql)
            return nil
        } catch let error as PGError {
            return PostgresDatabaseError(error)
        } catch {
            return nil
        }
    }

    func testUniqueViolationsNameTheirColumns() throws {
        try connection.executeScript(#"""
            CREATE TABLE person (id bigint PRIMARY KEY, email text UNIQUE, "first ""x"", y" text, "Last" text);
            CREATE UNIQUE INDEX person_names ON person ("first ""x"", y", "Last");
            CREATE UNIQUE INDEX person_lower_email ON person (lower(email));
            INSERT INTO person VALUES (1, 'a@x', 'Ann', 'Lee');
            """#)
        let key = try XCTUnwrap(error("INSERT INTO person (id) VALUES (1)"))
        XCTAssertTrue(key.isUniqueViolation && key.isPrimaryKeyViolation)
        XCTAssertEqual(key.uniqueViolation, UniqueViolation(table: "person", columns: ["id"], index: nil))
        let email = try XCTUnwrap(error("INSERT INTO person (id, email) VALUES (2, 'a@x')"))
        XCTAssertFalse(email.isPrimaryKeyViolation)
        XCTAssertEqual(email.uniqueViolation, UniqueViolation(table: "person", columns: ["email"], index: nil))
        let names = try XCTUnwrap(error(#"INSERT INTO person VALUES (3, NULL, 'Ann', 'Lee')"#))
        XCTAssertEqual(names.uniqueViolation?.columns, [#"first "x", y"#, "Last"])
        let lower = try XCTUnwrap(error("INSERT INTO person (id, email) VALUES (4, 'A@x')"))
        XCTAssertEqual(lower.uniqueViolation, UniqueViolation(table: nil, columns: [], index: "person_lower_email"))
        let other = try XCTUnwrap(error("INSERT INTO nowhere VALUES (1)"))
        XCTAssertFalse(other.isUniqueViolation)
        XCTAssertNil(other.uniqueViolation)
        // The shared layers see it as any database's error.
        let shared: any DatabaseError = email
        XCTAssertTrue(shared.isUniqueViolation && !shared.isBusy && !shared.isInterrupted)
        XCTAssertTrue(shared.description.hasPrefix("23505: duplicate key value"), shared.description)
    }

    func testACancelledStatementIsInterrupted() throws {
        let timedOut = try XCTUnwrap(error("SET statement_timeout = 50; SELECT pg_sleep(30)"))
        XCTAssertTrue(timedOut.isInterrupted)
        try connection.execute("SET statement_timeout = 0")
        let other = try PGConnection(server.connectionString(database: database))
        // Asked first: the connection's lock is held while its statement runs.
        let pid = String(connection.backendProcessID)
        let started = Locked(false)
        let outcome = Locked<PostgresDatabaseError?>(nil)
        let thread = Thread { [connection] in
            started.set(true)
            do {
                try connection!.execute("SELECT pg_sleep(60)")
            } catch let error as PGError {
                outcome.set(PostgresDatabaseError(error))
            } catch {}
        }
        thread.start()
        try waitUntil("the statement runs") {
            guard started.get() else { return false }
            let state = try other.execute("SELECT state FROM pg_stat_activity WHERE pid = $1", [.text(pid)])
            return state.first?.text(at: 0) == "active"
        }
        try connection.cancelHandle.cancel()
        try waitUntil("the statement stops") { outcome.get() != nil }
        XCTAssertEqual(outcome.get()?.isInterrupted, true)
    }

    func testRacesReadAsBusy() throws {
        try connection.executeScript("CREATE TABLE counter (id int PRIMARY KEY, n int); INSERT INTO counter VALUES (1, 0)")
        let other = try PGConnection(server.connectionString(database: database))
        try connection.executeScript("BEGIN ISOLATION LEVEL REPEATABLE READ; SELECT n FROM counter")
        try other.execute("UPDATE counter SET n = n + 1")
        let serialization = try XCTUnwrap(error("UPDATE counter SET n = n + 1"))
        XCTAssertEqual(serialization.underlying.sqlState, "40001")
        XCTAssertTrue(serialization.isBusy)
        try connection.executeScript("ROLLBACK; BEGIN; SELECT * FROM counter FOR UPDATE")
        let locked = try XCTUnwrap(error("SELECT * FROM counter FOR UPDATE NOWAIT", on: other))
        XCTAssertEqual(locked.underlying.sqlState, "55P03")
        XCTAssertTrue(locked.isBusy)
        try connection.executeScript("ROLLBACK")
    }

    func testTheDetailIsReadOnlyInItsOwnForm() {
        XCTAssertEqual(PostgresDatabaseError.keyColumns(inDetail: #"Key (a, "b ""c""")=(1, 2) already exists."#), ["a", #"b "c""#])
        XCTAssertNil(PostgresDatabaseError.keyColumns(inDetail: "Key (lower(a))=(x) already exists."))
        XCTAssertNil(PostgresDatabaseError.keyColumns(inDetail: "Key (a"))
        XCTAssertNil(PostgresDatabaseError.keyColumns(inDetail: "Schlüssel (a)=(1) existiert bereits."))
        XCTAssertEqual(
            PostgresDatabaseError.defaultConstraintName(table: String(repeating: "é", count: 40), suffix: "pkey"),
            String(repeating: "é", count: 29) + "_pkey")
    }
}

/// A value shared with another thread.
private final class Locked<Value: Sendable>: Sendable {
    private let value: Mutex<Value>
    init(_ value: Value) { self.value = Mutex(value) }
    func get() -> Value { value.withLock { $0 } }
    func set(_ newValue: Value) { value.withLock { $0 = newValue } }
}
