import Foundation
import PostgresClient
import PostgresTestSupport
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// `PostgresStatement` on a real server: ORMCore's values bound in the form each parameter's type
/// reads, rows stepped as the server sends them, columns read through `_ValueReader`, reset and
/// reuse.
final class PostgresStatementTests: XCTestCase {
    func testValuesBindInTheFormTheirPlaceTakesAndReadBack() throws {
        let (connection, _) = try makePostgresConnection("stmt_values")
        try connection.execute(#"""
            CREATE TABLE "odd ""things""" (id bigint PRIMARY KEY, flag boolean, at timestamptz, bytes bytea,
                                          ratio double precision, label text, price numeric)
            """#)
        let insert = try connection.prepare(
            "INSERT INTO \"odd \"\"things\"\"\" (id, flag, at, bytes, ratio, label, price) VALUES (?, ?, ?, ?, ?, ?, ?)")
        XCTAssertEqual(insert.parameterCount, 7)
        XCTAssertEqual(insert.columnCount, 0)
        XCTAssertFalse(insert.isReadOnly)
        XCTAssertEqual(insert.prepared.sql.contains("$7"), true, insert.prepared.sql)
        try insert.bind([
            .integer(1), .integer(1), .real(1_700_000_000.25), .blob(Data([0, 1, 254, 255])), .real(.infinity),
            .text("zoë's ? \"quote\""), .text("12345678901234567890.0123456789"),
        ])
        try insert.run()
        // The macro's binder calls, one value at a time: 0 to a boolean, text to bytea, an integral
        // real to a bigint.
        try insert.bindDouble(2, at: 1)
        try insert.bindInt64(0, at: 2)
        try insert.bindInt64(86_400, at: 3)
        try insert.bindText("text as bytes", at: 4)
        try insert.bindDouble(-0.5, at: 5)
        try insert.bindNull(at: 6)
        try insert.bindNull(at: 7)
        try insert.run()

        let select = try connection.prepare("SELECT id, flag, at, bytes, ratio, label, price FROM \"odd \"\"things\"\"\" ORDER BY id")
        XCTAssertTrue(select.isReadOnly)
        XCTAssertEqual((0..<select.columnCount).map(select.columnName), ["id", "flag", "at", "bytes", "ratio", "label", "price"])
        XCTAssertTrue(try select.step())
        XCTAssertEqual(select.value(at: 0), .integer(1))
        XCTAssertEqual(select.value(at: 1), .integer(1))
        XCTAssertEqual(select.value(at: 2), .text("2023-11-14 22:13:20.25+00"), "a timestamptz outside a model is the server's text")
        XCTAssertEqual(select.value(at: 3), .blob(Data([0, 1, 254, 255])))
        XCTAssertEqual(select.value(at: 4), .real(.infinity))
        XCTAssertEqual(select.value(at: 5), .text("zoë's ? \"quote\""))
        XCTAssertEqual(select.value(at: 6), .text("12345678901234567890.0123456789"), "numeric exact to the digit")
        let flag = select.column(at: 1)
        XCTAssertTrue(flag.isInteger)
        XCTAssertEqual(flag.int64, 1)
        XCTAssertTrue(select.column(at: 3).isBlob)
        XCTAssertTrue(try select.step())
        XCTAssertEqual(select.value(at: 0), .integer(2))
        XCTAssertEqual(select.value(at: 1), .integer(0))
        XCTAssertEqual(select.value(at: 2), .text("1970-01-02 00:00:00+00"))
        XCTAssertEqual(select.value(at: 3), .blob(Data("text as bytes".utf8)))
        XCTAssertEqual(select.value(at: 4), .real(-0.5))
        XCTAssertTrue(select.column(at: 5).isNull)
        XCTAssertFalse(try select.step())
        XCTAssertFalse(try select.step(), "an ended statement stays ended until reset")
        select.reset()
        XCTAssertTrue(try select.step(), "reset runs it again")
        XCTAssertEqual(select.value(at: 0), .integer(1))
    }

    func testAModelsColumnsReadByTheirStoredTypes() throws {
        let (connection, _) = try makePostgresConnection("stmt_model")
        try connection.execute("CREATE TABLE t (id bigint PRIMARY KEY, made timestamptz)")
        try connection.execute("INSERT INTO t VALUES (1, '2023-11-14 22:13:20.123456+00')")
        let schema = ModelSchema(
            table: "t", primaryKey: .init(name: "id", type: .integer, strategy: .autoincrement),
            columns: [ModelColumn(name: "made", type: .real, isNullable: true, defaultValue: .null, storedType: .date)])
        let statement = try connection.prepare("SELECT id, made FROM t")
        statement.readColumns(as: schema)
        XCTAssertTrue(try statement.step())
        XCTAssertEqual(statement.value(at: 1), .real(1_700_000_000.123456))
        XCTAssertEqual(Date._read(from: statement.column(at: 1)), Date(timeIntervalSince1970: 1_700_000_000.123456))
    }

    func testBindingTheWrongNumberOfValuesIsAClearError() throws {
        let (connection, _) = try makePostgresConnection("stmt_count")
        let statement = try connection.prepare("SELECT ?::int + ?::int")
        XCTAssertThrowsError(try statement.bind([.integer(1)])) { error in
            guard case ORMError.argumentCountMismatch(_, let placeholders, let arguments) = error else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(placeholders, 2)
            XCTAssertEqual(arguments, 1)
        }
        XCTAssertThrowsError(try statement.bind(.integer(1), at: 3)) { error in
            XCTAssertTrue(error is PostgresDatabaseError, "\(error)")
        }
        try statement.bind([.integer(40), .integer(2)])
        XCTAssertTrue(try statement.step())
        XCTAssertEqual(statement.value(at: 0), .integer(42))
    }

    func testAServerErrorWhileSteppingIsAPostgresDatabaseError() throws {
        let (connection, _) = try makePostgresConnection("stmt_error")
        let statement = try connection.prepare("SELECT 1 / (3 - g) FROM generate_series(1, 5) AS g")
        XCTAssertThrowsError(try statement.run()) { error in
            XCTAssertEqual((error as? PostgresDatabaseError)?.underlying.sqlState, "22012", "\(error)")
        }
        statement.reset()
        try connection.execute("SELECT 1")
    }

    /// Rows come as the server sends them: the first row of a query is handed out while the
    /// server is still held up before its second (waiting for a lock another session holds), which
    /// a statement that read its whole result first could never do.
    func testRowsAreSteppedAsTheServerSendsThem() throws {
        let (connection, connectionString) = try makePostgresConnection("stmt_stream")
        let holder = try PGConnection(connectionString)
        try holder.execute("SELECT pg_advisory_lock(7)")
        // A statement that waited for its whole result would fail here, after the lock timeout,
        // instead of hanging the test.
        try connection.execute("SET lock_timeout = '60s'")
        // The first two rows are bigger than the server's send buffer, so the first has left
        // whole before the third waits.
        let statement = try connection.prepare("""
            SELECT g, CASE WHEN g <= 2 THEN repeat('x', 100000) ELSE pg_advisory_lock(7)::text END
            FROM generate_series(1, 3) AS g
            """)
        XCTAssertTrue(try statement.step())
        XCTAssertEqual(statement.value(at: 0), .integer(1))
        try holder.execute("SELECT pg_advisory_unlock(7)")
        var rest: [SQLValue] = []
        while try statement.step() { rest.append(statement.value(at: 0)) }
        XCTAssertEqual(rest, [.integer(2), .integer(3)])
    }

    /// Runs `body` on another thread and waits for it, generously: what it tests returns at once
    /// when right and never when wrong (reading a practically endless query to its end).
    private func returns(_ description: String, _ body: @escaping @Sendable () throws -> Void) {
        let done = expectation(description: description)
        DispatchQueue.global().async {
            defer { done.fulfill() }
            do {
                try body()
            } catch {
                XCTFail("\(error)")
            }
        }
        wait(for: [done], timeout: 300)
    }

    /// A read reset after its first rows is cancelled on the server, not read to its end: the
    /// same connection then runs another query, and the statement runs again.
    func testResettingAHalfReadStatementCancelsItsRest() throws {
        let (connection, _) = try makePostgresConnection("stmt_reset")
        let statement = try connection.prepare("SELECT generate_series(1, 1000000000000)")
        nonisolated(unsafe) let shared = (connection, statement)
        returns("reset and the next query") {
            let (connection, statement) = shared
            for expected in 1...3 {
                XCTAssertTrue(try statement.step())
                XCTAssertEqual(statement.value(at: 0), .integer(Int64(expected)))
            }
            statement.reset()
            var value: SQLValue = .null
            try connection.forEachRow("SELECT 'next'") { value = $0.value(at: 0) }
            XCTAssertEqual(value, .text("next"))
            XCTAssertTrue(try statement.step())
            XCTAssertEqual(statement.value(at: 0), .integer(1), "it runs again from its start")
            try statement.bind([])  // re-running cancels too
            XCTAssertTrue(try statement.step())
            statement.reset()
        }
        XCTAssertEqual(connection.client.transactionStatus, .idle)
    }

    /// A half-read statement dropped by its owner is cancelled too.
    func testDroppingAHalfReadStatementCancelsItsRest() throws {
        let (connection, _) = try makePostgresConnection("stmt_drop")
        let shared = connection
        returns("drop and the next query") {
            var statement: PostgresStatement? = try shared.prepare("SELECT generate_series(1, 1000000000000)")
            XCTAssertTrue(try statement?.step() ?? false)
            statement = nil
            var value: SQLValue = .null
            try shared.forEachRow("SELECT 'next'") { value = $0.value(at: 0) }
            XCTAssertEqual(value, .text("next"))
        }
    }

    /// A statement that writes is never cancelled half read: reset after its first returned row,
    /// every row is still inserted. Inside a transaction a half-read read runs to its end too, as
    /// a cancel would abort the transaction.
    func testAHalfReadWriteOrReadInATransactionRunsToItsEnd() throws {
        let (connection, _) = try makePostgresConnection("stmt_write")
        try connection.execute("CREATE TABLE t (n bigint)")
        let insert = try connection.prepare("INSERT INTO t SELECT generate_series(1, 5000) RETURNING n")
        XCTAssertTrue(try insert.step())
        insert.reset()
        var count: SQLValue = .null
        try connection.forEachRow("SELECT count(*) FROM t") { count = $0.value(at: 0) }
        XCTAssertEqual(count, .integer(5000))

        try connection.execute("BEGIN")
        let read = try connection.prepare("SELECT generate_series(1, 5000)")
        XCTAssertTrue(try read.step())
        read.reset()
        XCTAssertEqual(connection.client.transactionStatus, .inTransaction, "the transaction goes on")
        try connection.execute("INSERT INTO t VALUES (0)")
        try connection.execute("COMMIT")
        try connection.forEachRow("SELECT count(*) FROM t") { count = $0.value(at: 0) }
        XCTAssertEqual(count, .integer(5001))
    }

    func testAStatementInterruptedByAnotherOnTheSameConnectionKeepsItsRows() throws {
        let (connection, _) = try makePostgresConnection("stmt_nested")
        let outer = try connection.prepare("SELECT g FROM generate_series(1, 1000) AS g")
        var seen: [Int64] = []
        var inner: [SQLValue] = []
        while try outer.step() {
            seen.append(outer.column(at: 0).int64)
            if seen.count == 3 {
                let other = try connection.prepare("SELECT ? * 2")
                try other.bind([.integer(21)])
                XCTAssertTrue(try other.step())
                inner.append(other.value(at: 0))
            }
        }
        XCTAssertEqual(seen, Array(1...1000))
        XCTAssertEqual(inner, [.integer(42)])
    }

    func testReadOnlyIsJudgedFromTheStatementsWords() {
        XCTAssertTrue(PostgresStatement.readsOnly("select * from t"))
        XCTAssertTrue(PostgresStatement.readsOnly("WITH a AS (SELECT 1) SELECT * FROM a"))
        XCTAssertTrue(PostgresStatement.readsOnly("SELECT 'INSERT' FROM \"update\""), "strings and quoted names are not words")
        XCTAssertFalse(PostgresStatement.readsOnly("WITH a AS (DELETE FROM t RETURNING *) SELECT * FROM a"))
        XCTAssertFalse(PostgresStatement.readsOnly("SELECT * INTO copy FROM t"))
        XCTAssertFalse(PostgresStatement.readsOnly("SELECT * FROM t FOR UPDATE"))
        XCTAssertFalse(PostgresStatement.readsOnly("UPDATE t SET a = 1"))
        XCTAssertFalse(PostgresStatement.readsOnly("CREATE TABLE t (a int)"))
    }
}
