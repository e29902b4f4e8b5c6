import Foundation
import PostgresClient
import PostgresTestSupport
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// What one read on another thread came to.
private final class ReadOutcome: @unchecked Sendable {
    // Written once by the reading thread, read by the test after it saw it written.
    private let lock = NSLock()
    private var result: Result<[[SQLValue]], any Error>?

    func set(_ outcome: Result<[[SQLValue]], any Error>) { lock.withLock { result = outcome } }
    var value: Result<[[SQLValue]], any Error>? { lock.withLock { result } }
}

/// The statements a database ran, as its tracer saw them.
private final class StatementLog: @unchecked Sendable {
    private let lock = NSLock()
    private var statements: [String] = []

    func append(_ sql: String) { lock.withLock { statements.append(sql) } }
    func count(of sql: String) -> Int { lock.withLock { statements.filter { $0 == sql }.count } }
}

/// A standby cancels a read that holds what replaying the primary's log needs ("canceling
/// statement due to conflict with recovery", `40001`): a plain read is run once more on the same
/// reader; a read inside a transaction is not. Made deterministic: the standby cancels at once
/// (`max_standby_streaming_delay = 0`), the read waits inside the server until the primary's
/// transaction that locks its table has committed (`marked(n)` polls a marker row that
/// transaction writes), and that lock, replayed, is the conflict.
final class PostgresStandbyConflictTests: XCTestCase {
    private struct Setup {
        let cluster: TestPostgresCluster
        let primary: PGConnection
        let standby: PGConnection
    }

    private func startCluster() throws -> Setup {
        let cluster = try TestPostgresCluster()
        addTeardownBlock { cluster.stop() }
        let primary = try PGConnection(cluster.connectionString(cluster.primary))
        try primary.executeScript("""
            CREATE TABLE t (a int);
            INSERT INTO t VALUES (7);
            CREATE TABLE marker (n int);
            CREATE FUNCTION marked(wanted int) RETURNS int LANGUAGE plpgsql AS $$
            BEGIN
                WHILE NOT EXISTS (SELECT 1 FROM marker WHERE n = wanted) LOOP
                    PERFORM pg_sleep(0.01);
                END LOOP;
                RETURN wanted;
            END $$;
            """)
        let standby = try PGConnection(cluster.connectionString(cluster.standby))
        try standby.execute("ALTER SYSTEM SET max_standby_streaming_delay = 0")
        try standby.execute("SELECT pg_reload_conf()")
        try waitUntil("the standby has the function and cancels at once") {
            (try? standby.execute("SHOW max_standby_streaming_delay").first?.text(at: 0)) == "0"
                && (try? standby.execute("SELECT count(*) FROM pg_proc WHERE proname = 'marked'").first?.text(at: 0)) == "1"
        }
        return Setup(cluster: cluster, primary: primary, standby: standby)
    }

    /// Runs `read` on another thread; once the standby runs `marker`'s statement, locks `t` on
    /// the primary and writes marker `marker` in one transaction; returns what the read came to.
    private func readDuringConflict(
        _ setup: Setup, marker: Int, _ read: @escaping @Sendable () throws -> [[SQLValue]]
    ) throws -> Result<[[SQLValue]], any Error> {
        let outcome = ReadOutcome()
        DispatchQueue.global().async { outcome.set(Result { try read() }) }
        try waitUntil("the standby runs the read") {
            if outcome.value != nil { return true }
            let running = try? setup.standby.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND state = 'active' "
                    + "AND query LIKE $1", [.text("%marked(\(marker))%")])
            return running?.first?.text(at: 0) == "1"
        }
        try setup.primary.executeScript(
            "BEGIN; LOCK TABLE t IN ACCESS EXCLUSIVE MODE; INSERT INTO marker VALUES (\(marker)); COMMIT")
        try waitUntil("the read ended") { outcome.value != nil }
        return try XCTUnwrap(outcome.value)
    }

    private func lockConflicts(_ setup: Setup) -> Int {
        let text = try? setup.standby.execute(
            "SELECT confl_lock FROM pg_stat_database_conflicts WHERE datname = current_database()").first?.text(at: 0)
        return text.flatMap { Int($0) } ?? 0
    }

    func testAPlainReadTheStandbyCanceledRunsOnceMoreOnTheSameReader() throws {
        let setup = try startCluster()
        let log = StatementLog()
        var configuration = Configuration()
        configuration.readPlacement = .preferStandby()
        configuration.tracer = { log.append($0) }
        let database = try Database(
            url: setup.cluster.url(hosts: [setup.cluster.primary, setup.cluster.standby]), configuration: configuration)
        let sql = "SELECT a, marked(1), inet_server_port() FROM t"

        let outcome = try readDuringConflict(setup, marker: 1) { try database.fetchAll(SQL(sql)) }

        XCTAssertEqual(try outcome.get(), [[.integer(7), .integer(1), .integer(Int64(setup.cluster.standby.port))]])
        XCTAssertEqual(log.count(of: sql), 2, "canceled once, run once more")
        try waitUntil("the standby counted the conflict") { lockConflicts(setup) >= 1 }
    }

    func testAReadInsideATransactionTheStandbyCanceledIsNotRunAgain() throws {
        let setup = try startCluster()
        let log = StatementLog()
        var configuration = Configuration()
        configuration.tracer = { log.append($0) }
        // A reader's session on the standby, as the pool opens it, in a read-only snapshot
        // transaction (a result set's tail reads in one).
        let reader = try PostgresDriver(setup.cluster.url(hosts: [setup.cluster.standby]), configuration: configuration)
            .openConnection(for: .reader)
        let sql = "SELECT a, marked(2) FROM t"
        @Sendable func rows(_ sql: String) throws -> [[SQLValue]] {
            try reader.cachedStatement(sql).use { statement in
                var rows: [[SQLValue]] = []
                while try statement.step() { rows.append([statement.value(at: 0), statement.value(at: 1)]) }
                return rows
            }
        }

        let outcome = try readDuringConflict(setup, marker: 2) {
            try reader.begin(.readOnlySnapshot)
            return try rows(sql)
        }

        XCTAssertThrowsError(try outcome.get()) { error in
            XCTAssertEqual((error as? PostgresDatabaseError)?.underlying.sqlState, "40001", "\(error)")
            XCTAssertEqual((error as? PostgresDatabaseError)?.isRetryable, true, "the transaction may run again")
        }
        XCTAssertEqual(log.count(of: sql), 1, "not run again inside the transaction")
        try reader.rollback()
        XCTAssertEqual(try rows("SELECT a, 0 FROM t"), [[.integer(7), .integer(0)]], "the session goes on")
    }
}
