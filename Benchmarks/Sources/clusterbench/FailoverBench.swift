import BenchSupport
import Foundation
import ORMCore
import Synchronization

/// Patroni's failover and ORMCore's first commit after it, both timed from the kill of the leader.
enum FailoverBench {
    static func run(runs: Int) throws {
        print("\nfailover: \(runs) runs, a new Patroni cluster each (ttl 10 s, loop_wait 1 s, retry_timeout 5 s);")
        print("from the kill -9 of the leader's Patroni and postmaster until the other node's GET /primary")
        print("answers 200 (looked at every 10 ms) and until transaction(retryingFor:), begun at once, commits")
        var promoted: [Double] = []
        var committed: [Double] = []
        var added: [Double] = []
        for run in 1...runs {
            let cluster = try PatroniCluster()
            defer { cluster.stop() }
            let result = try measure(cluster)
            promoted.append(result.promoted)
            committed.append(result.committed)
            added.append(result.committed - result.promoted)
            print(String(format: "  run %d: Patroni %.2f s, ORMCore %.2f s, added %+.3f s (load %@)",
                         run, result.promoted, result.committed, result.committed - result.promoted, loadAverage()))
        }
        func line(_ label: String, _ values: [Double]) {
            print(String(format: "  %@ median %.2f s [%.2f–%.2f]", label, quantile(values, 0.5),
                         values.min() ?? 0, values.max() ?? 0))
        }
        line("Patroni's new primary answers:   ", promoted)
        line("ORMCore's first commit on it:    ", committed)
        line("ORMCore's added time (run by run):", added)
    }

    /// One failover: seconds from the kill until Patroni says the other node is the primary and
    /// until ORMCore has committed there.
    private static func measure(_ cluster: PatroniCluster) throws -> (promoted: Double, committed: Double) {
        let database = try Database(url: cluster.url)
        try database.execute("CREATE TABLE t (a int NOT NULL)")
        try database.transaction { _ in try database.execute("INSERT INTO t VALUES (1)") }
        let leader = database.serverNode?.description
        guard let replica = cluster.nodes.first(where: { $0.address != leader }) else {
            throw BenchmarkError("the writer is on no node of the cluster: \(leader ?? "none")")
        }
        // The row must be on the replica before the kill, or it is lost with the leader.
        try waitForRow(on: replica.address)

        let kill = try cluster.killLeader()
        guard kill.address != replica.address else {
            throw BenchmarkError("the leader moved before the kill")
        }
        let promotedAt = Moment()
        let polled = DispatchSemaphore(value: 0)
        let restPort = replica.restPort
        Thread {
            let deadline = wallClock() + 300
            while wallClock() < deadline {
                if restStatus(port: restPort, path: "/primary") == 200 {
                    promotedAt.set(wallClock())
                    break
                }
                usleep(10_000)
            }
            polled.signal()
        }.start()
        // Each attempt until the promotion fails as the writer connects again: no server takes writes.
        try database.transaction(retryingFor: .seconds(300)) { _ in
            try database.execute("INSERT INTO t VALUES (2)")
        }
        let committedAt = wallClock()
        polled.wait()
        guard let promoted = promotedAt.value else {
            throw BenchmarkError("Patroni made no new primary within 300 s")
        }
        let rows = try database.fetchRows("SELECT a FROM t ORDER BY a").rows
        guard rows == [[.integer(1)], [.integer(2)]], database.serverNode?.description == replica.address else {
            throw BenchmarkError("after the failover: rows \(rows) on \(database.serverNode?.description ?? "none")")
        }
        return (promoted - kill.moment, committedAt - kill.moment)
    }

    /// Waits until the node at `address` has replayed the table's one row.
    private static func waitForRow(on address: String) throws {
        let replica = try Database(url: "postgresql://reef:reef@\(address)/reef")
        let deadline = wallClock() + 120
        while (try? replica.fetchRows("SELECT count(*) FROM t").rows) != [[.integer(1)]] {
            guard wallClock() < deadline else { throw BenchmarkError("the replica did not replay the row in 120 s") }
            usleep(10_000)
        }
    }
}

/// A moment one thread notes and another reads.
final class Moment: Sendable {
    private let noted = Mutex<Double?>(nil)

    func set(_ moment: Double) {
        noted.withLock { $0 = moment }
    }

    var value: Double? {
        noted.withLock { $0 }
    }
}
