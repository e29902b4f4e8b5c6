import Foundation
import Synchronization
import PostgresClient
import PostgresTestSupport
import XCTest

@_spi(ModelSupport) @testable import ORMCore
@_spi(ModelSupport) @testable import ORMPostgreSQL
@_spi(ModelSupport) @testable import ORMSQLite
@_spi(ModelSupport) @testable import ORMShared

@Model(table: "pl_notes")
final class PLNote {
    var body: String = ""
}

/// Other sessions' commits on PostgreSQL reach subscribers as external changes, with nothing
/// installed on the server; rolled-back transactions and this database's own commits do not.
/// A second `PGConnection` plays `psql`.
final class PostgresExternalChangeTests: XCTestCase {
    private var connectionString = ""
    private var db: Database!
    /// The other session.
    private var other: PGConnection!

    override func setUpWithError() throws {
        connectionString = try makePostgresDatabase("live")
        db = try Database(url: connectionString)
        _ = try PLNote.eventHandler(in: db)
        // A second table, so that a change naming every table is told from one naming ours.
        try db.execute("CREATE TABLE pl_other (id bigint PRIMARY KEY)")
        other = try PGConnection(connectionString)
        addTeardownBlock { [db] in db?.core.externalChanges.stop() }
    }

    // MARK: - Other sessions

    func testAnotherSessionsInsertUpdateAndDeleteReachAClassSubscriberAsExternal() throws {
        let inbox = EventInbox()
        let registration = try PLNote.eventHandler(in: db).register { inbox.append($0) }
        defer { registration.cancel() }
        try waitForLooks(1, of: db)

        try other.execute("INSERT INTO pl_notes (body) VALUES ('from psql')")
        try waitUntil("the insert arrives as external") { inbox.events.contains { $0.origin == .external } }
        XCTAssertEqual(inbox.events.first?.entity, "pl_notes")
        XCTAssertNil(inbox.events.first?.operation, "an external change has no row detail")

        inbox.clear()
        try other.execute("UPDATE pl_notes SET body = 'changed'")
        try waitUntil("the update arrives as external") { inbox.events.contains { $0.origin == .external } }

        inbox.clear()
        try other.execute("DELETE FROM pl_notes")
        try waitUntil("the delete arrives as external") { inbox.events.contains { $0.origin == .external } }
        XCTAssertTrue(inbox.events.allSatisfy { $0.origin == .external && $0.entity == "pl_notes" }, "\(inbox.events)")
    }

    func testACommitArrivesAtOnceForEveryTableThenByNameFromTheStatistics() throws {
        let sets = observeEveryChange(of: db)
        try waitForLooks(1, of: db)

        try other.executeHoldingStatistics("INSERT INTO pl_notes (body) VALUES ('one')")
        try waitUntil("the snapshot's move names every table") {
            sets.value.contains { $0.isExternal && $0.tables == ["pl_notes", "pl_other"] }
        }
        XCTAssertEqual(sets.value.first?.unconfirmedTables, ["pl_notes", "pl_other"], "which one changed is not known yet")
        // The other session is idle now: it reports its statistics ten seconds after its commit.
        try waitUntil("the statistics name the table") {
            sets.value.contains { $0.isExternal && $0.tables == ["pl_notes"] && $0.unconfirmedTables.isEmpty }
        }
        XCTAssertTrue(sets.value.allSatisfy(\.isExternal))
        XCTAssertTrue(sets.value.allSatisfy { $0.tablesWithoutRowDetail == $0.tables })
    }

    func testARolledBackTransactionDeliversNothing() throws {
        let inbox = EventInbox()
        let registration = try PLNote.eventHandler(in: db).register { inbox.append($0) }
        defer { registration.cancel() }
        try waitForLooks(1, of: db)

        try other.executeScript("BEGIN; INSERT INTO pl_notes (body) VALUES ('never'); UPDATE pl_notes SET body = 'no'; ROLLBACK")
        // A session that ends reports its statistics: the rolled-back rows are counted there now.
        other.close()
        try waitUntilStatistics(of: "pl_notes") { inserted, _ in inserted >= 1 }
        try waitForLooks(3, more: true, of: db)
        XCTAssertEqual(inbox.events, [], "a rollback is no change")
    }

    func testThisDatabasesOwnCommitsDoNotComeBackAsExternal() throws {
        let inbox = EventInbox()
        let registration = try PLNote.eventHandler(in: db).register { inbox.append($0) }
        defer { registration.cancel() }
        try waitForLooks(1, of: db)

        let note = PLNote()
        note.body = "mine"
        try note.commit(in: db)
        try db.execute("UPDATE pl_notes SET body = 'still mine'")
        try db.transaction { _ in
            try db.execute("INSERT INTO pl_notes (body) VALUES ('in a transaction')")
        }
        try waitUntil("our own changes arrive") { inbox.events.count >= 3 }
        // The writer is idle now: its statistics arrive within ten seconds, and a few looks after.
        try waitUntilStatistics(of: "pl_notes") { _, modified in modified >= 3 }
        try waitForLooks(3, more: true, of: db)
        XCTAssertEqual(inbox.events.filter { $0.origin == .external }, [], "\(inbox.events)")
        XCTAssertEqual(Set(inbox.events.map(\.origin)), [.object, .sql])
    }

    func testAnotherSessionsCommitBesideOneOfOursBetweenTwoLooksArrivesAtOnce() throws {
        let sets = observeEveryChange(of: db)
        try waitForLooks(1, of: db)

        try betweenTwoLooks {
            try commitNote("mine")
            try other.execute("INSERT INTO pl_notes (body) VALUES ('theirs')")
        }
        // Two transactions committed, the writer's statements account for one: the snapshot
        // delivers every table (the statistics would name only `pl_notes`, and not for 15 s after
        // this database's own commit to it).
        try waitUntil("every table is delivered as external") {
            sets.value.contains { $0.isExternal && $0.tables == ["pl_notes", "pl_other"] }
        }
        XCTAssertTrue(sets.value.contains { !$0.isExternal && $0.tables == ["pl_notes"] }, "our own commit as ours")
    }

    func testOurOwnCommitsBetweenTwoLooksAreNotExternal() throws {
        let sets = observeEveryChange(of: db)
        try waitForLooks(1, of: db)

        try betweenTwoLooks {
            try commitNote("in a transaction")
            try db.execute("UPDATE pl_notes SET body = 'outside one'")
            try db.transaction { _ in
                try db.transaction { _ in
                    try db.execute("INSERT INTO pl_other VALUES (1)")  // in a savepoint, released
                }
                try db.execute("INSERT INTO pl_other VALUES (2)")
            }
            try db.executeScript("INSERT INTO pl_other VALUES (3); UPDATE pl_other SET id = id + 10")
        }
        try waitForLooks(3, more: true, of: db)
        XCTAssertFalse(sets.value.isEmpty, "our own changes were delivered")
        XCTAssertEqual(sets.value.filter(\.isExternal).map(\.tables), [], "\(sets.value)")
    }

    func testCommitsInAnotherDatabaseOfTheServerAreNotDelivered() throws {
        let sets = observeEveryChange(of: db)
        // Two looks after the other session of this database went idle.
        try waitForLooks(2, of: db)

        let elsewhere = try PGConnection(makePostgresDatabase("elsewhere"))
        try elsewhere.execute("CREATE TABLE t (x bigint)")
        for value in 1...5 { try elsewhere.execute("INSERT INTO t VALUES ($1)", [.int(Int64(value))]) }
        let looked = db.core.externalChanges.lookCount ?? 0
        try waitForLooks(3, more: true, of: db)
        XCTAssertEqual(sets.value.filter(\.isExternal).map(\.tables), [], "moved snapshots, \(looked) looks before")

        try other.execute("INSERT INTO pl_notes (body) VALUES ('here')")
        try waitUntil("a commit in this database still delivers every table") {
            sets.value.contains { $0.isExternal && $0.tables == ["pl_notes", "pl_other"] }
        }
    }

    func testASessionThatCommittedAndEndedBetweenTwoLooksIsNamedByItsStatistics() throws {
        let sets = observeEveryChange(of: db)
        try waitForLooks(1, of: db)
        // This database writes to the table: its counters are taken for its own for a while.
        try commitNote("mine")
        try waitForLooks(2, more: true, of: db)

        // Asked from another database, so that no session of this one is busy.
        let observer = try PGConnection(makePostgresDatabase("observer"))
        try betweenTwoLooks {
            // `psql -c`: connects, commits, ends; the watch looks only once it is gone.
            let brief = try PGConnection(connectionString, applicationName: "brief")
            try brief.execute("INSERT INTO pl_notes (body) VALUES ('theirs')")
            brief.close()
            try waitUntil("the brief session has ended") {
                try observer.execute("SELECT count(*) FROM pg_stat_activity WHERE application_name = 'brief'")
                    .first?.int64(at: 0) == 0
            }
        }
        // No open session explains the commit, so it is not every table; the session reported
        // its statistics as it ended, and they name the table though this database wrote to it.
        try waitUntil("the table is named as changed by another session") {
            sets.value.contains { $0.isExternal && $0.tables == ["pl_notes"] }
        }
        XCTAssertFalse(sets.value.contains { $0.isExternal && $0.tables.contains("pl_other") }, "\(sets.value)")
    }

    func testADatabaseOpenedByAURLWithAPasswordIsWatchedToo() throws {
        let server = try TestPostgresServer.shared()
        let name = try XCTUnwrap(try other.execute("SELECT current_database()").first?.text(at: 0))
        let overTCP = try Database(url: server.url(database: name))
        defer { overTCP.core.externalChanges.stop() }
        XCTAssertFalse(overTCP.path.contains(TestPostgresServer.password), "the path shows no password")
        let sets = Shared<[ChangeSet]>([])
        let registration = overTCP.observeChanges { changes in sets.mutate { $0.append(changes) } }
        defer { registration.cancel() }
        try waitUntil("the watch connected with the password and looked") {
            (overTCP.core.externalChanges.lookCount ?? 0) >= 1
        }
        try other.execute("INSERT INTO pl_other VALUES (7)")
        try waitUntil("the commit arrives") { sets.value.contains(where: \.isExternal) }
    }

    // MARK: - The watch's life

    func testTheWatchEndsWithTheLastRegistrationAndStartsAgainWithTheNext() throws {
        let registration = db.observeChanges { _ in }
        try waitForLooks(1, of: db)
        XCTAssertEqual(try watchSessions(), 1)
        registration.cancel()
        try waitUntil("the watch ends") { !db.core.externalChanges.isRunning }
        try waitUntil("its session is gone") { try watchSessions() == 0 }

        let sets = Shared<[ChangeSet]>([])
        let again = db.observeChanges { changes in sets.mutate { $0.append(changes) } }
        defer { again.cancel() }
        try waitForLooks(1, of: db)
        try other.execute("INSERT INTO pl_other VALUES (1)")
        try waitUntil("a commit arrives") { sets.value.contains(where: \.isExternal) }
    }

    func testALostWatchConnectionIsOpenedAgainQuietly() throws {
        let sets = observeEveryChange(of: db)
        try waitForLooks(1, of: db)
        _ = try other.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE '%pg_current_snapshot%' AND pid <> pg_backend_pid()")
        try waitUntil("the watch is back, and says every table may have changed") {
            sets.value.contains { $0.isExternal && $0.tables == ["pl_notes", "pl_other"] }
        }
        sets.mutate { $0 = [] }
        try other.execute("INSERT INTO pl_other VALUES (2)")
        try waitUntil("a commit after it arrives") { sets.value.contains(where: \.isExternal) }
    }

    // MARK: - Helpers

    /// Commits a note through its model: a transaction of this database's writer.
    private func commitNote(_ body: String) throws {
        let note = PLNote()
        note.body = body
        try note.commit(in: db)
    }

    /// Runs `writes` while the watch is held at the start of a look, so that everything they
    /// commit lands between two of its looks; the watch looks as soon as they return.
    private func betweenTwoLooks(_ writes: () throws -> Void) throws {
        let arrived = Shared(0)
        let release = DispatchSemaphore(value: 0)
        XCTAssertTrue(db.core.externalChanges.holdLooks { arrived.mutate { $0 += 1 }; release.wait() })
        defer {
            _ = db.core.externalChanges.holdLooks(nil)
            release.signal()
        }
        try waitUntil("the watch is held before a look") { arrived.value >= 1 }
        try writes()
    }

    /// Waits until the statistics of `table`, read from a session of the test's own, satisfy
    /// `condition` (rows inserted, rows modified since analyze).
    private func waitUntilStatistics(of table: String, _ condition: (Int64, Int64) -> Bool) throws {
        let observer = try PGConnection(connectionString)
        try waitUntil("the statistics of \(table) arrive") {
            let row = try observer.execute(
                "SELECT n_tup_ins, n_mod_since_analyze FROM pg_stat_all_tables WHERE relid = to_regclass($1)", [.text(table)])
            guard let row = row.first else { return false }
            return condition(try row.int64(at: 0) ?? 0, try row.int64(at: 1) ?? 0)
        }
    }

    /// The sessions the watch keeps open on this database (its probe query is its last).
    private func watchSessions() throws -> Int64 {
        try other.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'ORMCore' AND (query LIKE '%pg_current_snapshot%' OR query LIKE 'LISTEN%')"
        ).first?.int64(at: 0) ?? -1
    }
}

/// Events collected from a handler's queue.
private final class EventInbox: Sendable {
    private let received = Shared<[RecordEvent]>([])

    func append(_ event: RecordEvent) { received.mutate { $0.append(event) } }
    func clear() { received.mutate { $0 = [] } }
    var events: [RecordEvent] { received.value }
}
