import Foundation
import PostgresClient
import PostgresTestSupport
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// Which failed reads run once more, and where (``PostgresReadRetry``), and the run once more on
/// one server whose sessions an administrator ended: at the statement's first step, and while it
/// is prepared; never inside a transaction. And the error of a URL where no server takes writes.
final class PostgresReadRetryDecisionTests: XCTestCase {
    private let lost = PostgresDatabaseError(PGError(kind: .connection, message: "server closed the connection unexpectedly"))
    private let ended = PostgresDatabaseError(PGError(kind: .server, message: "terminating connection", sqlState: "57P01"))
    private let conflict = PostgresDatabaseError(PGError(
        kind: .server, message: "canceling statement due to conflict with recovery", sqlState: "40001"))
    private let duplicate = PostgresDatabaseError(PGError(kind: .server, message: "duplicate key", sqlState: "23505"))

    func testALostSessionRunsAPlainReadAgainOnANewSessionWhereverItRan() {
        for error in [lost, ended] {
            for onStandby in [false, true] {
                XCTAssertEqual(PostgresReadRetry.after(error, onlyReads: true, inTransaction: false, onStandby: onStandby),
                               .reconnect)
            }
            XCTAssertNil(PostgresReadRetry.after(error, onlyReads: true, inTransaction: true, onStandby: false),
                         "inside a transaction: the transaction fails")
            XCTAssertNil(PostgresReadRetry.after(error, onlyReads: false, inTransaction: false, onStandby: false),
                         "a write's outcome is not known")
        }
    }

    func testAStandbysConflictWithRecoveryRunsAPlainReadAgainOnTheSameSession() {
        XCTAssertEqual(PostgresReadRetry.after(conflict, onlyReads: true, inTransaction: false, onStandby: true), .runAgain)
        XCTAssertNil(PostgresReadRetry.after(conflict, onlyReads: true, inTransaction: true, onStandby: true),
                     "inside a transaction")
        XCTAssertNil(PostgresReadRetry.after(conflict, onlyReads: false, inTransaction: false, onStandby: true), "a write")
        XCTAssertNil(PostgresReadRetry.after(conflict, onlyReads: true, inTransaction: false, onStandby: false),
                     "a serialization failure on a primary is the server's answer")
        XCTAssertNil(PostgresReadRetry.after(duplicate, onlyReads: true, inTransaction: false, onStandby: true))
    }

    // MARK: - On one server

    /// A reader's session (as the pool opens it), with a statement cached before the server ended
    /// every session, and what it traced.
    private func readerWhoseSessionEnded(_ prefix: String) throws -> (PostgresConnection, Traced) {
        let conninfo = try makePostgresDatabase(prefix)
        try PGConnection(conninfo).executeScript("CREATE TABLE t (a int); INSERT INTO t VALUES (1), (2)")
        let traced = Traced()
        var configuration = Configuration()
        configuration.tracer = { traced.append($0) }
        let reader = try PostgresDriver(conninfo, configuration: configuration).openConnection(for: .reader)
        XCTAssertEqual(try rows(reader, "SELECT a FROM t ORDER BY a"), [[.integer(1)], [.integer(2)]])
        let before = reader.client.backendProcessID
        try endSessions(of: conninfo)
        XCTAssertFalse(reader.client.isStillConnected())
        XCTAssertNotEqual(before, 0)
        return (reader, traced)
    }

    private func rows(_ connection: PostgresConnection, _ sql: String) throws -> [[SQLValue]] {
        try connection.cachedStatement(sql).use { statement in
            var rows: [[SQLValue]] = []
            while try statement.step() { rows.append([statement.value(at: 0)]) }
            return rows
        }
    }

    func testACachedReadWhoseSessionWasLostRunsOnceMoreOnANewSession() throws {
        let (reader, traced) = try readerWhoseSessionEnded("read_retry_step")
        XCTAssertEqual(try rows(reader, "SELECT a FROM t ORDER BY a"), [[.integer(1)], [.integer(2)]])
        XCTAssertEqual(traced.count(of: "SELECT a FROM t ORDER BY a"), 3, "once before, then failed and run again")
        XCTAssertEqual(try rows(reader, "SHOW default_transaction_read_only"), [[.text("on")]], "a reader's session again")
    }

    func testAReadPreparedAfterItsSessionWasLostIsPreparedOnANewSession() throws {
        let (reader, _) = try readerWhoseSessionEnded("read_retry_prepare")
        XCTAssertEqual(try rows(reader, "SELECT count(*) FROM t"), [[.integer(2)]])
    }

    func testACatalogReadWhoseSessionWasLostRunsOnceMoreOnANewSession() throws {
        let (reader, _) = try readerWhoseSessionEnded("read_retry_catalog")
        let info = try DatabaseConnection(reader).introspecting { try $0.tableInfo("t") }
        XCTAssertEqual(info?.columns.map(\.name), ["a"])
    }

    func testAReadInsideATransactionWhoseSessionWasLostFails() throws {
        let conninfo = try makePostgresDatabase("read_retry_transaction")
        try PGConnection(conninfo).executeScript("CREATE TABLE t (a int)")
        let reader = try PostgresDriver(conninfo).openConnection(for: .reader)
        try reader.begin(.readOnlySnapshot)
        try endSessions(of: conninfo)
        XCTAssertThrowsError(try rows(reader, "SELECT count(*) FROM t")) { error in
            XCTAssertEqual((error as? PostgresDatabaseError)?.isConnectionLost, true, "\(error)")
        }
    }

    func testAWriteWhoseSessionWasLostIsNotRunAgain() throws {
        let conninfo = try makePostgresDatabase("read_retry_write")
        try PGConnection(conninfo).executeScript("CREATE TABLE t (a int)")
        let writer = try PostgresDriver(conninfo).openConnection(for: .writer)
        _ = try writer.cachedStatement("INSERT INTO t VALUES (1)")
        try endSessions(of: conninfo)
        XCTAssertThrowsError(try writer.cachedStatement("INSERT INTO t VALUES (1)").use { try $0.run() }) { error in
            XCTAssertEqual((error as? PostgresDatabaseError)?.isConnectionLost, true, "\(error)")
        }
        XCTAssertEqual(try PGConnection(conninfo).execute("SELECT count(*) FROM t").first?.text(at: 0), "0")
    }

    // MARK: - No server taking writes

    func testAURLWhereNothingListensSaysNoServerAcceptsWritesNamingEachServer() throws {
        let first = try TestPostgresServer.freePort()
        var second = try TestPostgresServer.freePort()
        while second == first { second = try TestPostgresServer.freePort() }
        let url = "postgres://\(TestPostgresServer.superuser):\(TestPostgresServer.password)"
            + "@127.0.0.1:\(first),127.0.0.1:\(second)/postgres?connect_timeout=5"
        XCTAssertThrowsError(try Database(url: url)) { error in
            let error = error as? PostgresDatabaseError
            XCTAssertEqual(error?.message, "no server accepting writes: tried 127.0.0.1:\(first), 127.0.0.1:\(second)")
            XCTAssertEqual(error?.isNoServerAcceptingWrites, true)
            XCTAssertTrue(error?.underlying.oneLine.hasPrefix("no server accepting writes: tried") ?? false,
                          "\(String(describing: error?.underlying.oneLine))")
        }
    }

    func testTheServersListedAreReadAsLibpqReadsThem() {
        XCTAssertEqual(PGConnection.listedServers(host: "db1,db2", hostaddr: "", port: "5432,5433"), ["db1:5432", "db2:5433"])
        XCTAssertEqual(PGConnection.listedServers(host: "db1,db2", hostaddr: "", port: "6000"), ["db1:6000", "db2:6000"])
        XCTAssertEqual(PGConnection.listedServers(host: "db1,", hostaddr: ",10.0.0.2", port: ",5433"),
                       ["db1:5432", "10.0.0.2:5433"])
        XCTAssertEqual(PGConnection.listedServers(host: "", hostaddr: "", port: ""), ["localhost:5432"])
    }
}

/// The statements a connection traced.
private final class Traced: @unchecked Sendable {
    // Appended to by the tracer, read by the test on the same thread.
    private let lock = NSLock()
    private var statements: [String] = []

    func append(_ sql: String) { lock.withLock { statements.append(sql) } }
    func count(of sql: String) -> Int { lock.withLock { statements.filter { $0 == sql }.count } }
}
