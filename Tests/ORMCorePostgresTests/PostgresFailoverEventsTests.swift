import Foundation
import PostgresClient
import PostgresTestSupport
import Synchronization
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// Events through a failover of a real cluster: the watch of other sessions' commits opens
/// again through the same URL on the promoted standby, says every table may have changed (what
/// was committed meanwhile is not known), and goes on delivering the new primary's commits by name;
/// it watches the primary whichever host the URL lists first.
final class PostgresFailoverEventsTests: XCTestCase {
    /// The change sets an observer received, from any thread.
    private final class Received: Sendable {
        private let sets = Mutex<[ChangeSet]>([])

        func add(_ changes: ChangeSet) {
            sets.withLock { $0.append(changes) }
        }

        /// Whether an external change set names every table of `tables`.
        func hasEvery(_ tables: Set<String>) -> Bool {
            sets.withLock { $0.contains { $0.isExternal && tables.isSubset(of: $0.tables) } }
        }

        func clear() {
            sets.withLock { $0 = [] }
        }
    }

    func testTheWatchFollowsTheFailoverAndGoesOnDeliveringTheNewPrimarysCommits() throws {
        let cluster = try TestPostgresCluster()
        addTeardownBlock { cluster.stop() }
        // The standby listed first: the watch connects as the writer does, to the primary (on the
        // standby it saw nothing: replayed commits move neither its transaction ids nor its counters).
        let database = try Database(url: cluster.url(hosts: [cluster.standby, cluster.primary]))
        try database.executeScript("CREATE TABLE fe_orders (id int PRIMARY KEY); CREATE TABLE fe_notes (id int PRIMARY KEY)")
        let received = Received()
        let registration = database.observeChanges { received.add($0) }
        addTeardownBlock { registration.cancel() }

        let before = try PGConnection(cluster.connectionString(cluster.primary))
        try waitUntil("another session's commit on the primary arrives") {
            _ = try? before.execute("INSERT INTO fe_orders VALUES (\(Int.random(in: 1...1_000_000_000)))")
            return received.hasEvery(["fe_orders"])
        }

        received.clear()
        cluster.crash(cluster.primary)
        try cluster.promote(cluster.standby)
        try waitUntil("the watch is back on the promoted standby and says every table may have changed") {
            received.hasEvery(["fe_orders", "fe_notes"])
        }

        received.clear()
        let after = try PGConnection(cluster.connectionString(cluster.standby))
        try after.execute("INSERT INTO fe_notes VALUES (1)")
        try waitUntil("a commit on the new primary arrives, by name") { received.hasEvery(["fe_notes"]) }
    }
}
