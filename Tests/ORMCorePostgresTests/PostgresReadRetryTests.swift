import Foundation
import PostgresClient
import PostgresTestSupport
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

@Model(table: "read_retry_item")
final class ReadRetryItem {
    var amount: Int = 0
}

/// Reads through a failover of a real cluster (a primary and a streaming standby): a plain read
/// that finds its session lost runs once more on the server that answers now, every row once; a
/// read that had handed out rows fails with the lost-connection error rather than resume; inside
/// a transaction nothing is retried but the transaction, as a whole, by `transaction(retryingFor:)`.
final class PostgresReadRetryTests: XCTestCase {
    private func startCluster() throws -> TestPostgresCluster {
        let cluster = try TestPostgresCluster()
        addTeardownBlock { cluster.stop() }
        return cluster
    }

    /// The cluster's database (the URL naming the primary first) holding items 1...`rows`, once
    /// the standby has replayed them.
    private func populated(_ cluster: TestPostgresCluster, rows: Int) throws -> Database {
        let database = try Database(url: cluster.url(hosts: [cluster.primary, cluster.standby]))
        let first = ReadRetryItem()
        first.amount = 1
        try first.commit(in: database)
        try database.execute("INSERT INTO read_retry_item (amount) SELECT g FROM generate_series(2, ?::integer) AS g", rows)
        let standby = try PGConnection(cluster.connectionString(cluster.standby))
        try waitUntil("the standby has every row") {
            (try? standby.execute("SELECT count(*) FROM read_retry_item").first?.text(at: 0)) == String(rows)
        }
        return database
    }

    private func serverPort(_ database: Database) throws -> SQLValue? {
        try database.scalar("SELECT inet_server_port()")
    }

    // MARK: - Outside a transaction

    /// (a) The primary killed while the database is idle, the standby promoted: the next reads
    /// (fetch, a query's fetch, count) run on the new primary, every row exactly once.
    func testReadsAfterTheIdlePrimaryDiedRunOnThePromotedStandbyEveryRowOnce() throws {
        let cluster = try startCluster()
        let database = try populated(cluster, rows: 300)
        XCTAssertEqual(try ReadRetryItem.query(in: database).count(), 300, "a reader, now idle on the primary")

        cluster.crash(cluster.primary)
        try cluster.promote(cluster.standby)

        let fetched = try ReadRetryItem.fetchAll(in: database).map(\.amount).sorted()
        XCTAssertEqual(fetched, Array(1...300), "every row once")
        let ordered = try ReadRetryItem.query(in: database).orderBy("amount").fetch().map(\.amount)
        XCTAssertEqual(ordered, Array(1...300))
        XCTAssertEqual(try ReadRetryItem.query(in: database).count(), 300)
        XCTAssertEqual(try serverPort(database), .integer(Int64(cluster.standby.port)), "read on the new primary")
    }

    /// (b) The primary killed while a result set is read in windows (its keys read, three
    /// windows read): each later window is a read of its own, run again on the new primary, so
    /// the set reads through with every row once, none marked gone, none twice.
    func testAResultSetReadInWindowsReadsThroughTheFailoverEveryRowOnce() throws {
        let cluster = try startCluster()
        let database = try populated(cluster, rows: 2_000)
        let items = try ReadRetryItem.query(in: database).orderBy("amount").batch(100).fetch()
        var amounts = (0..<300).map { items[$0].amount }
        try waitUntil("the key snapshot is read") { items.knownCount == 2_000 }

        cluster.crash(cluster.primary)
        try cluster.promote(cluster.standby)

        amounts += (300..<items.count).map { items[$0].amount }
        XCTAssertEqual(amounts, Array(1...2_000), "every row once, in order, none gone")
    }

    /// (b) The primary killed during one long read that has handed out rows: it is not resumed
    /// (its rows would come twice) but fails with the lost-connection error; the rows it handed
    /// out are each the right one, once. (Had the server sent every row before it died, the read
    /// completes with all of them.) The next read runs on the new primary.
    func testAReadThatHandedOutRowsFailsWithTheLostConnectionAndNeverRepeatsOne() throws {
        let cluster = try startCluster()
        let rows = 100_000
        let database = try populated(cluster, rows: rows)
        var seen: [Int64] = []
        var failure: (any Error)?
        do {
            try database.forEachRow("SELECT amount, repeat('x', 100) FROM read_retry_item ORDER BY amount") { row in
                if seen.isEmpty { cluster.crash(cluster.primary) }
                guard case .integer(let amount) = row[0], case .text(let padding) = row[1], padding.count == 100 else {
                    XCTFail("a row of NULLs or a wrong value: \(row)")
                    return
                }
                seen.append(amount)
            }
        } catch {
            failure = error
        }
        XCTAssertEqual(seen, (0..<seen.count).map { Int64($0 + 1) }, "each row once, in order")
        if let failure {
            XCTAssertEqual((failure as? PostgresDatabaseError)?.isConnectionLost, true, "\(failure)")
            XCTAssertLessThan(seen.count, rows)
        } else {
            XCTAssertEqual(seen.count, rows, "read to its end: every row")
        }

        try cluster.promote(cluster.standby)
        XCTAssertEqual(try database.scalar("SELECT count(*) FROM read_retry_item"), .integer(Int64(rows)))
        XCTAssertEqual(try serverPort(database), .integer(Int64(cluster.standby.port)))
    }

    // MARK: - Inside a transaction

    /// (c) The primary killed while a transaction is open: its next statement (a read) is not
    /// retried but fails with the lost connection, the objects get back their values, and
    /// `transaction(retryingFor:)` runs it again and commits it once on the new primary.
    func testATransactionCaughtByTheFailoverIsRestoredAndCommittedOnceOnTheNewPrimary() throws {
        let cluster = try startCluster()
        let database = try populated(cluster, rows: 1)
        let item = try XCTUnwrap(try ReadRetryItem.fetchAll(in: database).first)
        var attempts = 0
        var amountsAtStart: [Int] = []
        var failures: [any Error] = []
        try database.transaction(retryingFor: .seconds(60)) { _ in
            attempts += 1
            amountsAtStart.append(item.amount)
            item.amount += 10
            try item.commit(in: database)
            if attempts == 1 {
                cluster.crash(cluster.primary)
                try cluster.promote(cluster.standby)
                do {
                    _ = try database.fetchRows("SELECT count(*) FROM read_retry_item")
                } catch {
                    failures.append(error)
                    throw error
                }
            }
        }
        XCTAssertEqual(attempts, 2)
        XCTAssertEqual(failures.count, 1, "the read in the transaction was not retried")
        XCTAssertEqual((failures.first as? PostgresDatabaseError)?.isConnectionLost, true, "\(failures)")
        XCTAssertEqual(amountsAtStart, [1, 1], "the object had its value back before the second attempt")
        XCTAssertEqual(item.amount, 11)
        XCTAssertEqual(try database.fetchRows("SELECT amount FROM read_retry_item").rows, [[.integer(11)]], "once")
        let port = try database.transaction { _ in try serverPort(database) }
        XCTAssertEqual(port, .integer(Int64(cluster.standby.port)), "committed on the new primary")
    }

    // MARK: - No server taking writes

    /// The primary stopped and the standby not promoted: connecting, and a read whose session
    /// was lost, say that no server takes writes, naming each server tried.
    func testWithThePrimaryDownAndTheStandbyNotPromotedTheErrorNamesEveryServerTried() throws {
        let cluster = try startCluster()
        let database = try populated(cluster, rows: 1)
        cluster.crash(cluster.primary)
        try waitUntil("the primary's port refuses connections") { cluster.refusesConnections(cluster.primary) }
        let expected = "no server accepting writes: tried \(cluster.primary.hostAndPort), \(cluster.standby.hostAndPort)"

        XCTAssertThrowsError(try Database(url: cluster.url(hosts: [cluster.primary, cluster.standby]))) { error in
            let error = error as? PostgresDatabaseError
            XCTAssertEqual(error?.message, expected)
            XCTAssertEqual(error?.isNoServerAcceptingWrites, true)
            XCTAssertEqual(error?.serversTried, [cluster.primary.hostAndPort, cluster.standby.hostAndPort])
            XCTAssertEqual(error?.isConnectionLost, true, "a failover may be under way: retryable by transaction(retryingFor:)")
            XCTAssertTrue(error?.underlying.detail?.contains("read-only") ?? false, "libpq's reasons: \(String(describing: error))")
        }
        // Once the old primary's sessions have noticed its end (at once when idle, as a reader is).
        try waitUntil("a read says no server takes writes") {
            do {
                _ = try database.scalar("SELECT count(*) FROM read_retry_item")
                return false
            } catch {
                return (error as? PostgresDatabaseError)?.message == expected
            }
        }
    }
}
