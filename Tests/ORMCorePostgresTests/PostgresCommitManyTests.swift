import PostgresClient
import PostgresTestSupport
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// A ticket with a unique code: the model of the many-object commits below.
@Model(table: "commit_many_ticket")
final class CommitManyTicket {
    @Column(unique: true) var code: String = ""
    var seats: Int = 0

    init(code: String, seats: Int) {
        self.code = code
        self.seats = seats
    }
}

/// Many objects committed or removed in one call on PostgreSQL (`Database.commit(_:)`,
/// `Database.remove(_:)`): their statements sent without waiting for each answer, the keys the
/// server's sequence gives set in order as the answers come back, and a failure in the middle
/// naming its object and constraint, rolling every object back, and leaving the connection usable.
final class PostgresCommitManyTests: XCTestCase {
    private func tickets(_ range: ClosedRange<Int>, seats: Int = 1) -> [CommitManyTicket] {
        range.map { CommitManyTicket(code: String(format: "T-%05d", $0), seats: seats) }
    }

    /// The rows as the server holds them: code, key and seats, by code.
    private func rows(_ db: Database) throws -> [String: (id: Int64, seats: Int64)] {
        var found: [String: (id: Int64, seats: Int64)] = [:]
        for row in try db.fetchAll("SELECT code, id, seats FROM commit_many_ticket") {
            guard case .text(let code) = row[0], case .integer(let id) = row[1], case .integer(let seats) = row[2] else {
                XCTFail("unexpected row \(row)")
                continue
            }
            found[code] = (id, seats)
        }
        return found
    }

    func testManyInsertsGetTheServersKeysInTheOrderSent() throws {
        let db = try Database(url: try makePostgresDatabase("commit_many"))
        let first = tickets(1...1_500)
        XCTAssertEqual(try db.commit(first), 1_500)
        // Inside an open transaction the call is a savepoint of it, and sends as well.
        let second = tickets(1_501...3_000)
        try db.transaction { _ in
            XCTAssertEqual(try db.commit(second), 1_500)
        }
        let all = first + second
        let stored = try rows(db)
        XCTAssertEqual(stored.count, 3_000)
        for ticket in all {
            XCTAssertEqual(ticket.id, stored[ticket.code]?.id, ticket.code)
            XCTAssertFalse(ticket.isNew)
        }
        XCTAssertEqual(all.map(\.id), all.map(\.id).sorted(), "keys in the order the inserts were sent")
        XCTAssertEqual(Set(all.map(\.id)).count, 3_000)
        XCTAssertTrue(try CommitManyTicket.find(all[2_000].id, in: db) === all[2_000], "the object is the live one of its row")
    }

    func testManyUpdatesAndRemovalsInOneCall() throws {
        let db = try Database(url: try makePostgresDatabase("commit_many"))
        let all = tickets(1...2_000)
        try db.commit(all)
        for (index, ticket) in all.enumerated() where index % 2 == 0 { ticket.seats = index }
        XCTAssertEqual(try db.commit(all), 1_000, "only the changed objects are written")
        var stored = try rows(db)
        for (index, ticket) in all.enumerated() {
            XCTAssertEqual(stored[ticket.code]?.seats, Int64(index % 2 == 0 ? index : 1), ticket.code)
        }
        XCTAssertEqual(try db.commit(all), 0, "nothing left to write")

        let removed = Array(all[500..<1_700])
        try db.remove(removed + [removed[0]])
        stored = try rows(db)
        XCTAssertEqual(stored.count, 800)
        XCTAssertTrue(removed.allSatisfy(\.isDeleted))
        XCTAssertNil(stored[removed[0].code])
        XCTAssertNil(try CommitManyTicket.find(removed[3].id, in: db))
        XCTAssertEqual(try CommitManyTicket.query(in: db).count(), 800)
    }

    /// A unique violation half-way through: the error is the server's, naming the constraint and
    /// the clashing object's value; every object is back as it was (updated ones keep their old
    /// values, new ones are new again), the rows are untouched, and the connection goes on.
    func testAConstraintErrorInTheMiddleNamesItsObjectAndRollsEverythingBack() throws {
        let db = try Database(url: try makePostgresDatabase("commit_many"))
        let kept = tickets(1...1_000)
        try db.commit(kept)
        let keys = kept.map(\.id)
        for ticket in kept { ticket.seats = 7 }
        let fresh = tickets(1_001...2_000)
        fresh[500].code = kept[20].code
        XCTAssertThrowsError(try db.commit(kept + fresh)) { error in
            guard let error = error as? PostgresDatabaseError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.uniqueViolation, UniqueViolation(table: "commit_many_ticket", columns: ["code"], index: nil))
            XCTAssertEqual(error.underlying.constraint, "orm_unique_commit_many_ticket_code", "\(error)")
            XCTAssertEqual(error.underlying.detail, "Key (code)=(T-00021) already exists.", "\(error)")
        }
        XCTAssertEqual(kept.map(\.id), keys)
        XCTAssertTrue(kept.allSatisfy { $0.seats == 7 }, "the changes made before the call are the object's again")
        XCTAssertTrue(fresh.allSatisfy { $0.isNew && $0.id == 0 }, "every new object is new again")
        let stored = try rows(db)
        XCTAssertEqual(stored.count, 1_000)
        XCTAssertTrue(stored.values.allSatisfy { $0.seats == 1 }, "no update stayed")

        // The connection takes statements again, and the objects commit once the clash is gone.
        fresh[500].code = "T-99999"
        XCTAssertEqual(try db.commit(kept + fresh), 2_000)
        XCTAssertEqual(try CommitManyTicket.query(in: db).where("seats = ?", 7).count(), 1_000)
        XCTAssertEqual(try rows(db)["T-99999"]?.id, fresh[500].id)
    }

    /// Inside a transaction, the failed call is a savepoint rolled back alone: what the
    /// transaction wrote before and after it commits, as when a single commit fails in one.
    func testAFailedCallInsideATransactionRollsBackOnlyItsSavepoint() throws {
        let db = try Database(url: try makePostgresDatabase("commit_many"))
        let before = tickets(1...300)
        let clashing = tickets(301...600)
        clashing[150].code = before[0].code
        let after = tickets(601...900)
        try db.transaction { _ in
            try db.commit(before)
            XCTAssertThrowsError(try db.commit(clashing))
            try db.commit(after)
        }
        XCTAssertTrue(clashing.allSatisfy(\.isNew))
        let stored = try rows(db)
        XCTAssertEqual(stored.count, 600)
        for ticket in before + after { XCTAssertEqual(stored[ticket.code]?.id, ticket.id, ticket.code) }
    }

    /// The statements of a many-object commit cross in a few round trips, not one each: counted by
    /// a proxy in front of the server, which reads at least once for each statement a client sends
    /// after waiting for the previous one's answer (as the plain queries first show).
    func testManyObjectsCrossInAFewRoundTripsNotOneEach() throws {
        let server = try TestPostgresServer.shared()
        let name = try server.makeDatabase("commit_many_trips", for: self)
        let proxy = try CommitCuttingProxy(forwardingTo: server.port)
        let db = try Database(
            url: "postgres://\(TestPostgresServer.superuser):\(TestPostgresServer.password)@127.0.0.1:\(proxy.port)/\(name)")
        try db.transaction { _ in
            XCTAssertEqual(try db.commit(tickets(1...10)), 10)  // the table and statements made
        }

        let beforeQueries = proxy.clientReads
        for _ in 1...20 {
            try db.execute("SELECT 1")
        }
        XCTAssertGreaterThanOrEqual(proxy.clientReads - beforeQueries, 20, "one read a statement that waits")

        let objects = tickets(11...1_010)
        let beforeCommit = proxy.clientReads
        XCTAssertEqual(try db.commit(objects), 1_000)
        let reads = proxy.clientReads - beforeCommit
        XCTAssertLessThan(reads, 100, "1,000 inserts in \(reads) reads: they were not pipelined")
        XCTAssertEqual(try rows(db).count, 1_010)
        XCTAssertTrue(objects.allSatisfy { $0.id > 0 }, "every object has its key")
    }
}
