import PostgresClient
import PostgresTestSupport
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// ORMCore on a replicated cluster the test starts (a primary and a streaming standby): a URL
/// naming both servers, the writer on the primary whichever comes first, reads on the primary or
/// on the standby with read-your-writes.
final class PostgresClusterTests: XCTestCase {
    private func startCluster() throws -> TestPostgresCluster {
        let cluster = try TestPostgresCluster()
        addTeardownBlock { cluster.stop() }
        return cluster
    }

    /// The cluster's database with reads placed on the standby, holding `t` with one row (0).
    private func readingOnTheStandby(_ cluster: TestPostgresCluster, waitingAtMost wait: Duration) throws -> Database {
        var configuration = Configuration()
        configuration.readPlacement = .preferStandby(maximumWait: wait)
        let database = try Database(url: cluster.url(hosts: [cluster.primary, cluster.standby]), configuration: configuration)
        try database.execute("CREATE TABLE t (a int)")
        try database.execute("INSERT INTO t VALUES (0)")
        return database
    }

    /// The port of the server a query ran on (the URL reaches each over TCP).
    private func serverPort(_ database: Database) throws -> SQLValue? {
        try database.fetchRows("SELECT inet_server_port()").rows.first?.first
    }

    func testTheWriterAndTheReadersFindThePrimaryWhicheverHostComesFirst() throws {
        let cluster = try startCluster()
        for hosts in [[cluster.standby, cluster.primary], [cluster.primary, cluster.standby]] {
            let database = try Database(url: cluster.url(hosts: hosts))
            try database.execute("CREATE TABLE IF NOT EXISTS t (a int)")
            try database.execute("INSERT INTO t VALUES (1)")
            XCTAssertEqual(try serverPort(database), .integer(Int64(cluster.primary.port)), "reads on the primary by default")
            let written = try database.transaction { _ in try serverPort(database) }
            XCTAssertEqual(written, .integer(Int64(cluster.primary.port)), "the writer on the primary")
            XCTAssertEqual(database.serverNode,
                           ServerNode(host: "127.0.0.1", port: String(cluster.primary.port), isStandby: false, listedServers: 2))
        }
        let standby = try Database(url: cluster.url(hosts: [cluster.standby]))
        XCTAssertEqual(standby.serverNode?.isStandby, true, "one server, a standby: taken as it is, and said")
        XCTAssertThrowsError(try standby.execute("INSERT INTO t VALUES (2)"), "a standby takes no writes")
    }

    func testTheSettingsBoundConnectingAndASilentNetworkAndPlaceEachRole() throws {
        let string = "postgresql://ann@h1:5432,h2:5433/sales"
        var configuration = Configuration()
        configuration.readPlacement = .preferStandby()
        let driver = try PostgresDriver(string, configuration: configuration)
        XCTAssertEqual(driver.connectionSettings(for: .writer)["target_session_attrs"], "read-write")
        XCTAssertEqual(driver.connectionSettings(for: .reader)["target_session_attrs"], "prefer-standby")
        XCTAssertEqual(driver.connectionSettings(for: .primaryReader)["target_session_attrs"], "read-write")
        XCTAssertEqual(driver.connectionSettings(for: .writer)["connect_timeout"], "10")
        XCTAssertEqual(driver.connectionSettings(for: .writer)["keepalives_idle"], "5")
        let own = try PostgresDriver(string + "?target_session_attrs=any&connect_timeout=3")
        XCTAssertNil(own.connectionSettings(for: .writer)["target_session_attrs"], "the string's own choice stays")
        XCTAssertNil(own.connectionSettings(for: .writer)["connect_timeout"])
        setenv("PGCONNECT_TIMEOUT", "4", 1)
        setenv("PGTARGETSESSIONATTRS", "any", 1)
        defer {
            unsetenv("PGCONNECT_TIMEOUT")
            unsetenv("PGTARGETSESSIONATTRS")
        }
        XCTAssertNil(driver.connectionSettings(for: .writer)["connect_timeout"], "the user's PGCONNECT_TIMEOUT stays")
        XCTAssertNil(driver.connectionSettings(for: .writer)["target_session_attrs"], "the user's PGTARGETSESSIONATTRS stays")
        let single = try PostgresDriver("postgresql://ann@h1:5432/sales", configuration: configuration)
        XCTAssertNil(single.connectionSettings(for: .reader)["target_session_attrs"], "one server: taken as it is")
        XCTAssertFalse(single.readsOnStandby)
    }

    /// With replay running, a read right after each commit runs on the standby and sees the
    /// commit (it waits for the standby to replay it).
    func testReadsOnTheStandbySeeEachCommitOfThisProcess() throws {
        let cluster = try startCluster()
        // Generous: a busy machine's standby may take a while; the read waits only as long as it must.
        let database = try readingOnTheStandby(cluster, waitingAtMost: .seconds(60))
        for value in 1...20 {
            try database.execute("UPDATE t SET a = \(value)")
            let row = try database.fetchRows("SELECT a, inet_server_port() FROM t").rows.first
            XCTAssertEqual(row, [.integer(Int64(value)), .integer(Int64(cluster.standby.port))], "after commit \(value)")
        }
    }

    /// With the standby's replay paused, a read after a commit waits the placement's bound and
    /// then runs on the primary: it never sees the value before the commit.
    func testAReadTheStandbyCannotCatchUpWithRunsOnThePrimary() throws {
        let cluster = try startCluster()
        let database = try readingOnTheStandby(cluster, waitingAtMost: .milliseconds(100))
        let standby = try PGConnection(cluster.connectionString(cluster.standby))
        try waitUntil("the standby has the table") {
            (try? standby.execute("SELECT a FROM t").first?.text(at: 0)) == "0"
        }
        try standby.execute("SELECT pg_wal_replay_pause()")
        defer { _ = try? standby.execute("SELECT pg_wal_replay_resume()") }

        try database.execute("UPDATE t SET a = 1")
        let row = try database.fetchRows("SELECT a, inet_server_port() FROM t").rows.first
        XCTAssertEqual(row, [.integer(1), .integer(Int64(cluster.primary.port))])
        XCTAssertEqual(try standby.execute("SELECT a FROM t").first?.text(at: 0), "0", "the standby was behind")

        try standby.execute("SELECT pg_wal_replay_resume()")
        try waitUntil("reads are back on the standby") {
            try database.fetchRows("SELECT inet_server_port()").rows.first?.first == .integer(Int64(cluster.standby.port))
        }
    }
}

/// Failing over a real cluster under ORMCore: the primary killed (as a crash would), the standby
/// promoted, and the same URL writing on the new primary, every row exactly once.
final class PostgresFailoverTests: XCTestCase {
    private func count(_ database: Database) throws -> SQLValue? {
        try database.fetchRows("SELECT count(*) FROM t").rows.first?.first
    }

    func testAfterTheIdlePrimaryDiesTheSameURLWritesOnThePromotedStandby() throws {
        let cluster = try TestPostgresCluster()
        addTeardownBlock { cluster.stop() }
        let database = try Database(url: cluster.url(hosts: [cluster.primary, cluster.standby]))
        try database.execute("CREATE TABLE t (a int)")
        try database.transaction { _ in try database.execute("INSERT INTO t VALUES (1)") }
        let standby = try PGConnection(cluster.connectionString(cluster.standby))
        try waitUntil("the standby has the row") { (try? standby.execute("SELECT count(*) FROM t").first?.text(at: 0)) == "1" }

        cluster.crash(cluster.primary)
        try cluster.promote(cluster.standby)
        try database.transaction(retryingFor: .seconds(60)) { _ in try database.execute("INSERT INTO t VALUES (2)") }

        XCTAssertEqual(try count(database), .integer(2))
        let port = try database.transaction { _ in try database.fetchRows("SELECT inet_server_port()").rows.first?.first }
        XCTAssertEqual(port, .integer(Int64(cluster.standby.port)), "the writer is on the promoted standby")
    }

    func testATransactionOpenWhenThePrimaryDiesRunsAgainOnTheNewPrimaryOnce() throws {
        let cluster = try TestPostgresCluster()
        addTeardownBlock { cluster.stop() }
        let database = try Database(url: cluster.url(hosts: [cluster.primary, cluster.standby]))
        try database.execute("CREATE TABLE t (a int)")
        let standby = try PGConnection(cluster.connectionString(cluster.standby))
        try waitUntil("the standby has the table") { (try? standby.execute("SELECT count(*) FROM t")) != nil }

        var attempts = 0
        var failures: [String] = []
        try database.transaction(retryingFor: .seconds(60)) { _ in
            attempts += 1
            try database.execute("INSERT INTO t VALUES (1)")
            if attempts == 1 {
                cluster.crash(cluster.primary)
                try cluster.promote(cluster.standby)
                do {
                    try database.execute("INSERT INTO t VALUES (2)")
                } catch {
                    failures.append("\(error)")
                    throw error
                }
            } else {
                try database.execute("INSERT INTO t VALUES (2)")
            }
        }
        XCTAssertEqual(attempts, 2)
        XCTAssertEqual(failures.count, 1, "the statement after the crash failed: \(failures)")
        XCTAssertEqual(try database.fetchRows("SELECT a FROM t ORDER BY a").rows, [[.integer(1)], [.integer(2)]], "once each")
    }
}
