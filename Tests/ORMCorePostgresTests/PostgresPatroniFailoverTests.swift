import PostgresClient
import PostgresTestSupport
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// ORMCore through a failover that Patroni makes: a cluster of two Patroni nodes and an etcd
/// (`scripts/pg-patroni`), the leader's Patroni and postmaster killed with SIGKILL, and the same
/// multi-host URL committing on the node Patroni promotes, every row exactly once.
///
/// Patroni and etcd come from `scripts/setup` (and `scripts/test`, which installs them); without
/// them these tests fail, saying so.
final class PostgresPatroniFailoverTests: XCTestCase {
    private func startCluster() throws -> TestPatroniCluster {
        let cluster = try TestPatroniCluster()
        addTeardownBlock { cluster.stop() }
        return cluster
    }

    /// A table `t` holding 1, 2 and 3, written through `database`, and waits until the replica has
    /// replayed them (Patroni's replication is asynchronous: rows the replica had not received when
    /// the leader died would be lost with it, as Patroni allows up to its maximum lag).
    private func writeFirstRows(_ database: Database, cluster: TestPatroniCluster, leader: TestPatroniCluster.Node) throws {
        try database.execute("CREATE TABLE t (a int NOT NULL)")
        try database.transaction { _ in
            for value in 1...3 {
                try database.execute("INSERT INTO t VALUES (?)", value)
            }
        }
        let replica = try XCTUnwrap(cluster.nodes.first { $0 != leader })
        XCTAssertTrue(cluster.isReplica(replica), "Patroni runs \(replica) as the replica")
        let connection = try PGConnection(cluster.connectionString(replica))
        try waitUntil("the replica has replayed the three rows") {
            (try? connection.execute("SELECT count(*) FROM t").first?.text(at: 0)) == "3"
        }
    }

    private func values(_ database: Database) throws -> [[SQLValue]] {
        try database.fetchRows("SELECT a FROM t ORDER BY a").rows
    }

    /// The port of the server the writer's transaction runs on.
    private func writerPort(_ database: Database) throws -> SQLValue? {
        try database.transaction { _ in try database.fetchRows("SELECT inet_server_port()").rows.first?.first }
    }

    func testAfterPatroniPromotesTheReplicaTheSameURLCommitsOnceOnTheNewLeader() throws {
        let cluster = try startCluster()
        let database = try Database(url: cluster.url)
        let leader = try XCTUnwrap(cluster.leader(), "a node leads once the cluster has started")
        XCTAssertEqual(database.serverNode.map(String.init(describing:)), leader.hostAndPort, "the writer on Patroni's leader")
        try writeFirstRows(database, cluster: cluster, leader: leader)

        let killed = try cluster.killLeader()
        XCTAssertEqual(killed, leader)
        let newLeader = try cluster.waitForLeader(otherThan: killed)

        var attempts = 0
        var ports: [SQLValue?] = []
        try database.transaction(retryingFor: .seconds(60)) { _ in
            attempts += 1
            try database.execute("INSERT INTO t VALUES (4)")
            ports.append(try database.fetchRows("SELECT inet_server_port()").rows.first?.first)
        }
        XCTAssertEqual(ports.last, .integer(Int64(newLeader.port)), "committed on the new leader (attempts: \(attempts))")
        XCTAssertEqual(try values(database), [[.integer(1)], [.integer(2)], [.integer(3)], [.integer(4)]], "every row once")
        XCTAssertEqual(database.serverNode,
                       ServerNode(host: "127.0.0.1", port: String(newLeader.port), isStandby: false, listedServers: 2))
        XCTAssertEqual(try writerPort(database), .integer(Int64(newLeader.port)))
    }

    /// A transaction begun the moment the leader dies runs again until Patroni has promoted the
    /// replica, and commits there once.
    func testATransactionBegunAsTheLeaderDiesCommitsOnceWhenPatroniHasPromotedTheReplica() throws {
        let cluster = try startCluster()
        let database = try Database(url: cluster.url)
        let leader = try XCTUnwrap(cluster.leader(), "a node leads once the cluster has started")
        try writeFirstRows(database, cluster: cluster, leader: leader)
        let replica = try XCTUnwrap(cluster.nodes.first { $0 != leader })

        try cluster.killLeader()
        var ports: [SQLValue?] = []
        // Longer than the test above: this one also waits out Patroni's ttl (10 s) and election on
        // a machine that may be busy.
        // (Until then each attempt fails as ORMCore connects again: no server takes writes.)
        try database.transaction(retryingFor: .seconds(120)) { _ in
            try database.execute("INSERT INTO t VALUES (4)")
            try database.execute("INSERT INTO t VALUES (5)")
            ports.append(try database.fetchRows("SELECT inet_server_port()").rows.first?.first)
        }
        XCTAssertEqual(ports.last, .integer(Int64(replica.port)), "committed on the promoted replica")
        try waitUntil("Patroni says the replica leads") { cluster.leader() == replica }
        XCTAssertEqual(try values(database), (1...5).map { [.integer(Int64($0))] }, "every row once")
        XCTAssertEqual(database.serverNode?.port, String(replica.port))
        XCTAssertEqual(database.serverNode?.isStandby, false)
    }
}
