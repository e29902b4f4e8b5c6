import Foundation
import PostgresClient
import PostgresTestSupport
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// Interrupting a ``PostgresConnection`` as reef's `Esc` does, through ``Interruption`` and the
/// connection's ``InterruptHandle``: armed while the work holds the connection, an interrupt stops
/// the statement that runs and every one it starts later, the connection then goes on (its
/// transaction aborted, as PostgreSQL aborts it); disarmed, an old request stops nothing.
final class PostgresInterruptionTests: XCTestCase {
    /// Runs `body` with `connection` held by interruptible work, as the core runs a read or a
    /// write under an ``Interruption``.
    private func interruptibly<T>(
        _ connection: PostgresConnection, _ stop: Interruption, _ body: () throws -> T
    ) throws -> T {
        try stop.run { try Interruption.using(connection.interruptHandle) { _ in try body() } }
    }

    private func firstValue(_ connection: PostgresConnection, _ sql: SQL) throws -> SQLValue {
        var value: SQLValue = .null
        try connection.forEachRow(sql) { value = $0.value(at: 0) }
        return value
    }

    private func assertInterrupted<T>(_ body: @autoclosure () throws -> T, line: UInt = #line) {
        XCTAssertThrowsError(try body(), line: line) { error in
            XCTAssertTrue((error as? PostgresDatabaseError)?.isInterrupted ?? false, "\(error)", line: line)
        }
    }

    /// The interrupt comes after the work took the connection but before its statement was sent:
    /// the cancel request finds nothing running on the server, and the statement must still not
    /// run (on main it ran, the request lost).
    func testAnInterruptBeforeTheStatementStartsStopsIt() throws {
        let (connection, _) = try makePostgresConnection("intr_before")
        try connection.execute("CREATE TABLE t (n bigint)")
        let stop = Interruption()
        try interruptibly(connection, stop) {
            let statement = try connection.prepare("SELECT count(*) FROM t")
            stop.interrupt()
            assertInterrupted(try connection.execute("INSERT INTO t VALUES (1)"))
            assertInterrupted(try connection.execute("INSERT INTO t VALUES (\(Int64(2)))"))
            assertInterrupted(try statement.step())
            assertInterrupted(try connection.prepare("SELECT 1 FROM t"))
        }
        XCTAssertEqual(try firstValue(connection, "SELECT count(*) FROM t"), .integer(0), "nothing was inserted")
        XCTAssertEqual(try firstValue(connection, "SELECT 1"), .integer(1), "the connection goes on")
    }

    /// Inside a transaction, an interrupted statement aborts it as a cancelled one does on the
    /// server: the commit fails, a rollback makes the connection usable, nothing was written.
    func testAnInterruptedStatementInATransactionAbortsIt() throws {
        let (connection, _) = try makePostgresConnection("intr_txn")
        try connection.execute("CREATE TABLE t (n bigint)")
        try connection.execute("BEGIN")
        try connection.execute("INSERT INTO t VALUES (1)")
        let stop = Interruption()
        try interruptibly(connection, stop) {
            stop.interrupt()
            assertInterrupted(try connection.execute("INSERT INTO t VALUES (2)"))
        }
        XCTAssertEqual(connection.client.transactionStatus, .inFailedTransaction)
        XCTAssertThrowsError(try connection.execute("SELECT 1"))
        try connection.execute("ROLLBACK")
        XCTAssertEqual(try firstValue(connection, "SELECT count(*) FROM t"), .integer(0))
    }

    /// An interrupt while `pg_sleep` runs on the server stops it, and the connection then runs
    /// a query.
    func testAnInterruptDuringASleepStopsIt() throws {
        let (connection, connectionString) = try makePostgresConnection("intr_sleep")
        let watcher = try PGConnection(connectionString)
        let backend = try XCTUnwrap(try connection.client.execute("SELECT pg_backend_pid()").first?.text(at: 0))
        let stop = Interruption()
        let done = expectation(description: "interrupted")
        DispatchQueue.global().async {
            // Waits until the server runs the sleep, then interrupts it.
            _ = try? waitUntil("the server runs the sleep") {
                (try? watcher.execute(
                    "SELECT 1 FROM pg_stat_activity WHERE pid = $1::int AND state = 'active' AND query LIKE '%pg_sleep%'",
                    [.text(backend)]).count) == 1
            }
            stop.interrupt()
            done.fulfill()
        }
        try interruptibly(connection, stop) {
            assertInterrupted(try connection.execute("SELECT pg_sleep(600)"))
        }
        wait(for: [done], timeout: 600)
        XCTAssertEqual(try firstValue(connection, "SELECT 1"), .integer(1), "the connection goes on")
    }

    /// An interrupt while a statement's rows are still coming stops the rest.
    func testAnInterruptWhileRowsAreComingStopsTheRest() throws {
        let (connection, _) = try makePostgresConnection("intr_rows")
        let stop = Interruption()
        var read = 0
        try interruptibly(connection, stop) {
            // In the select list, the series streams (in FROM, the server would make it whole first).
            let statement = try connection.prepare("SELECT generate_series(1, 1000000000)")
            XCTAssertThrowsError(try {
                while try statement.step() {
                    read += 1
                    if read == 3 { stop.interrupt() }
                }
            }()) { error in
                XCTAssertTrue((error as? PostgresDatabaseError)?.isInterrupted ?? false, "\(error)")
            }
        }
        XCTAssertGreaterThanOrEqual(read, 3)
        XCTAssertEqual(try firstValue(connection, "SELECT 2"), .integer(2), "the connection goes on")
    }

    /// Once the work let go of the connection, a request it left behind stops nothing: the next
    /// statement, interruptible or not, runs.
    func testDisarmedAStaleRequestDoesNotStopTheNextStatement() throws {
        let (connection, _) = try makePostgresConnection("intr_stale")
        let stop = Interruption()
        try interruptibly(connection, stop) {
            stop.interrupt()
        }
        XCTAssertEqual(try firstValue(connection, "SELECT 1"), .integer(1))
        let next = Interruption()
        XCTAssertEqual(try interruptibly(connection, next) { try firstValue(connection, "SELECT 2") }, .integer(2))
        // A request on the handle while nothing holds the connection is not remembered either.
        connection.interruptHandle.interrupt()
        XCTAssertEqual(try interruptibly(connection, next) { try firstValue(connection, "SELECT 3") }, .integer(3))
    }
}
