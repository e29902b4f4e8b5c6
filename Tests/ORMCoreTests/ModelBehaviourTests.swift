import Foundation
import XCTest

@testable import ORMCore

@Model(table: "account")
final class Account {
    var owner: String = ""
    var balance: Int = 0
    @Transient var vetoInsert: Bool = false

    func willInsert() -> Bool { !vetoInsert }
}

@Model(table: "audited")
final class Audited {
    var note: String = ""
    static let log = Lock<[String]>([])

    func didInsert() { Self.log.withLock { $0.append("inserted \(note)") } }
    func didUpdate() { Self.log.withLock { $0.append("updated \(note)") } }
    func didDelete() { Self.log.withLock { $0.append("deleted \(note)") } }
}

@Model(table: "team")
final class Team {
    var name: String = ""
}

@Model(table: "player")
final class Player {
    var name: String = ""
    var team: Team?
}

@Model(table: "counter", primaryKey: .autoincrement)
final class Counter {
    var thread: Int = 0
    var n: Int = 0
}

/// A model with a `deinit` of its own: it must take the object out of the identity map itself.
@Model(table: "tracked")
final class Tracked {
    var label: String = ""
    static let deinits = Lock(0)

    deinit {
        _$state.willDeinit(&_$stateFields, object: ObjectIdentifier(self))
        Self.deinits.withLock { $0 += 1 }
    }
}

final class ModelBehaviourTests: XCTestCase {
    /// An autoincrement key is left out of the insert: the database assigns it, and the object gets it.
    func testAutoincrementInsertLeavesTheKeyToTheDatabase() throws {
        let recorder = SQLRecorder()
        let db = try makeTestDatabase(self, configuration: recorder.configuration)
        try db.prepare(Counter.self)
        recorder.reset()
        let first = Counter()
        let second = Counter()
        try db.transaction { _ in
            try first.commit(in: db)
            try second.commit(in: db)
        }
        XCTAssertEqual(first.id, 1)
        XCTAssertEqual(second.id, 2)
        switch TestDatabaseKind.current {
        case .sqlite:
            XCTAssertEqual(
                recorder.recorded,
                [
                    "BEGIN IMMEDIATE",
                    #"INSERT INTO "counter" ("thread", "n") VALUES (?, ?)"#,
                    #"INSERT INTO "counter" ("thread", "n") VALUES (?, ?)"#,
                    "COMMIT",
                ])
        case .postgres:
            XCTAssertEqual(
                recorder.recorded,
                [
                    TestDatabaseKind.postgresBegin,
                    #"INSERT INTO "counter" ("thread", "n") VALUES (?, ?) RETURNING "id""#,
                    #"INSERT INTO "counter" ("thread", "n") VALUES (?, ?) RETURNING "id""#,
                    "COMMIT",
                ])
        }
        XCTAssertTrue(try Counter.find(2, in: db) === second)
        let explicit = Counter()
        explicit.id = 10
        try explicit.commit(in: db)
        XCTAssertEqual(try db.scalar("SELECT max(id) FROM counter"), .integer(10), "a key set by hand is kept")
    }

    /// An autoincrement key is never given twice, even after the last rows went and a key was given
    /// by hand below the largest one ever given (SQLite's AUTOINCREMENT; on PostgreSQL the key
    /// sequence's catch-up after the hand-given key moved it back, and the next insert took the
    /// removed row's key again).
    func testAnAutoincrementKeyIsNeverGivenTwice() throws {
        let db = try makeTestDatabase(self)
        let counters = try (0..<3).map { n -> Counter in
            let counter = Counter()
            counter.n = n
            try counter.commit(in: db)
            return counter
        }
        XCTAssertEqual(counters.map(\.id), [1, 2, 3])
        try counters[2].remove()
        try counters[1].remove()
        let byHand = Counter()
        byHand.id = 2
        try byHand.commit(in: db)
        let next = Counter()
        try next.commit(in: db)
        XCTAssertEqual(next.id, 4, "3 was given to a row, removed since")
        try db.transaction { _ in
            try byHand.remove()
            let again = Counter()
            again.id = 2
            try again.commit(in: db)
        }
        let last = Counter()
        try last.commit(in: db)
        XCTAssertEqual(last.id, 5)
    }

    /// A hand-written `deinit` that calls the identity-map hook works like the generated one.
    func testAHandWrittenDeinitTakesTheObjectOutOfTheIdentityMap() throws {
        let db = try makeTestDatabase(self)
        let before = Tracked.deinits.withLock { $0 }
        var tracked: Tracked? = Tracked()
        try tracked?.commit(in: db)
        let key = try XCTUnwrap(tracked?.id)
        XCTAssertEqual(db.identityMap.entryCount(of: ObjectIdentifier(Tracked.self)), 1)
        tracked = nil
        XCTAssertEqual(Tracked.deinits.withLock { $0 }, before + 1, "the class's own deinit ran")
        XCTAssertEqual(db.identityMap.entryCount(of: ObjectIdentifier(Tracked.self)), 0)
        XCTAssertNotNil(try Tracked.find(key, in: db), "the row is fetched into a new instance")
    }

    func testInsertUpdateOnlyChangedColumnsAndRemove() throws {
        let recorder = SQLRecorder()
        let db = try makeTestDatabase(self, configuration: recorder.configuration)
        try db.prepare(Account.self)
        let account = Account()
        account.owner = "Ann"
        XCTAssertTrue(account.isNew)
        recorder.reset()
        try account.commit(in: db)
        XCTAssertFalse(account.isNew)
        XCTAssertEqual(account.id, 1, "the object learns the key the database assigned")
        account.balance = 10
        XCTAssertEqual(account.changedColumns, ["balance"])
        try account.commit()
        XCTAssertFalse(account.hasChanges)
        try account.commit()  // nothing changed: no statement
        try account.remove()
        XCTAssertTrue(account.isDeleted)
        switch TestDatabaseKind.current {
        case .sqlite:
            XCTAssertEqual(
                recorder.recorded,
                [
                    #"INSERT INTO "account" ("owner", "balance") VALUES (?, ?)"#,
                    #"UPDATE "account" SET "balance" = ? WHERE "id" = ?"#,
                    #"DELETE FROM "account" WHERE "id" = ?"#,
                ])
        case .postgres:
            XCTAssertEqual(
                recorder.recorded,
                [
                    #"INSERT INTO "account" ("owner", "balance") VALUES (?, ?) RETURNING "id""#,
                    #"UPDATE "account" SET "balance" = ? WHERE "id" = ?"#,
                    #"DELETE FROM "account" WHERE "id" = ?"#,
                ])
        }
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM account"), .integer(0))
        XCTAssertThrowsError(try account.commit()) { error in
            guard case .objectDeleted? = error as? ORMError else { return XCTFail("\(error)") }
        }
    }

    /// A veto is an error like any other: uncaught, it rolls back the transaction it leaves; caught,
    /// the transaction goes on without the vetoed write (it used to doom the transaction even then,
    /// unlike every other error).
    func testAVetoRollsBackTheTransactionItLeavesAndNothingWhenCaught() throws {
        let db = try makeTestDatabase(self)
        try db.prepare(Account.self)
        let first = Account()
        first.owner = "first"
        let vetoed = Account()
        vetoed.vetoInsert = true
        XCTAssertThrowsError(
            try db.transaction { _ in
                try first.commit(in: db)
                try vetoed.commit(in: db)
            }
        ) { XCTAssertEqual($0 as? ORMError, .vetoed(entity: "account", operation: .insert)) }
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM account"), .integer(0))
        XCTAssertTrue(first.isNew, "the rolled-back insert leaves the object new again")
        XCTAssertEqual(first.id, 0, "and its generated key is taken back")

        try db.transaction { _ in
            try first.commit(in: db)
            XCTAssertThrowsError(try vetoed.commit(in: db))
            let last = Account()
            last.owner = "last"
            try last.commit(in: db)
        }
        XCTAssertTrue(vetoed.isNew)
        XCTAssertEqual(try db.fetchAll("SELECT owner FROM account ORDER BY owner").map { $0[0] }, ["first", "last"])
    }

    func testRollbackRestoresObjectState() throws {
        let db = try makeTestDatabase(self)
        let kept = Account()
        kept.owner = "kept"
        try kept.commit(in: db)
        let removed = Account()
        try removed.commit(in: db)
        try? db.transaction { _ in
            kept.balance = 99
            try kept.commit(in: db)
            try removed.remove()
            throw CancellationError()
        }
        XCTAssertEqual(kept.balance, 0, "the value set in the transaction is taken back")
        XCTAssertEqual(kept.changedColumns, [], "and nothing is pending")
        XCTAssertEqual(try db.scalar("SELECT balance FROM account WHERE id = ?", kept.id), .integer(0))
        XCTAssertFalse(removed.isDeleted)
        XCTAssertTrue(try Account.find(removed.id, in: db) === removed, "still the live instance")
    }

    func testATableCreatedInARolledBackTransactionIsCreatedAgain() throws {
        let db = try makeTestDatabase(self)
        try? db.transaction { _ in
            try Account().commit(in: db)
            throw CancellationError()
        }
        XCTAssertNil(try db.tableInfo("account"))
        try Account().commit(in: db)
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM account"), .integer(1))
    }

    func testDidHooksRunAfterCommitOnlyAndNeverAfterRollback() throws {
        let db = try makeTestDatabase(self)
        Audited.log.withLock { $0.removeAll() }
        let note = Audited()
        note.note = "a"
        try db.transaction { _ in
            try note.commit(in: db)
            XCTAssertEqual(Audited.log.withLock { $0 }, [], "not before the commit")
        }
        XCTAssertEqual(Audited.log.withLock { $0 }, ["inserted a"])
        try? db.transaction { _ in
            note.note = "b"
            try note.commit(in: db)
            throw CancellationError()
        }
        XCTAssertEqual(Audited.log.withLock { $0 }, ["inserted a"])
        XCTAssertEqual(note.note, "a")
        note.note = "b"
        try note.commit(in: db)
        try note.remove()
        XCTAssertEqual(Audited.log.withLock { $0 }, ["inserted a", "updated b", "deleted b"])
    }

    func testIdentityMapReturnsTheLiveInstanceAndFollowsRawSQL() throws {
        let db = try makeTestDatabase(self)
        let account = Account()
        account.owner = "Ann"
        try account.commit(in: db)
        let fetched = try XCTUnwrap(try Account.find(account.id, in: db))
        XCTAssertTrue(fetched === account)

        try Account.execute("UPDATE $T SET balance = 42 WHERE $PK = ?", account.id, in: db)
        XCTAssertEqual(account.balance, 42, "a raw write is reflected in the live instance")

        account.owner = "Ann (unsaved)"
        try db.execute("UPDATE account SET balance = 43")
        XCTAssertEqual(account.balance, 43)
        XCTAssertEqual(account.owner, "Ann (unsaved)", "unsaved changes survive the refresh")

        try db.execute("DELETE FROM account")
        XCTAssertTrue(account.isDeleted)
    }

    func testObjectsAreReleasedWhenNoLongerUsed() throws {
        let db = try makeTestDatabase(self)
        weak var weakAccount: Account?
        var id: Int64 = 0
        do {
            let account = Account()
            try account.commit(in: db)
            id = account.id
            weakAccount = account
        }
        XCTAssertNil(weakAccount, "the identity map holds objects weakly")
        let again = try XCTUnwrap(try Account.find(id, in: db))
        XCTAssertEqual(again.id, id)
    }

    func testRelatedObjectsAreCommittedFirstAndLoadedLazily() throws {
        let db = try makeTestDatabase(self)
        let team = Team()
        team.name = "Reds"
        let player = Player()
        player.name = "Kim"
        player.team = team
        try player.commit(in: db)
        XCTAssertFalse(team.isNew, "the related object was inserted with it")
        XCTAssertEqual(try db.scalar("SELECT team FROM player"), .integer(team.id))

        let skipped = Player()
        skipped.team = Team()
        // The ignored team is not inserted, so the player's reference has nothing to point at.
        XCTAssertThrowsError(try skipped.commit(in: db, options: CommitOptions(ignoredRelatedTypes: [Team.self]))) {
            XCTAssertEqual($0 as? ORMError, .referenceToUnsavedObject(entity: "player", column: "team", target: "team"))
        }
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM team"), .integer(1), "an ignored type is not committed")
        XCTAssertTrue(skipped.isNew)

        // Another connection: nothing is live there, so the team comes back as a fault.
        let other = try openSameDatabase(db)
        let loaded = try XCTUnwrap(try Player.find(player.id, in: other))
        let fault = try XCTUnwrap(loaded.team)
        XCTAssertEqual(fault.persistenceStatus, .fault)
        XCTAssertEqual(fault.name, "Reds", "the fault loads on first access")
        XCTAssertEqual(fault.persistenceStatus, .persisted)
        XCTAssertTrue(try Team.find(team.id, in: other) === fault)
        XCTAssertEqual(try team.related(Player.self, by: "team").map(\.name), ["Kim"])
    }

    func testSwallowedErrorsReturnFalse() throws {
        let db = try makeTestDatabase(self)
        let account = Account()
        account.vetoInsert = true
        XCTAssertFalse(try account.commit(in: db, options: CommitOptions(errorPolicy: .swallow)))
        XCTAssertTrue(account.isNew)
    }

    /// `commit()` returns whether a statement wrote a row: it used to return true when nothing had
    /// changed and nothing was written.
    func testCommitReturnsWhetherAStatementWroteARow() throws {
        let recorder = SQLRecorder()
        let db = try makeTestDatabase(self, configuration: recorder.configuration)
        let team = Team()
        let player = Player()
        player.team = team
        XCTAssertTrue(try player.commit(in: db), "inserted")
        recorder.reset()
        XCTAssertFalse(try player.commit(in: db), "nothing changed")
        XCTAssertEqual(recorder.recorded, [], "and nothing was written")
        team.name = "Reds"
        XCTAssertTrue(try player.commit(in: db), "the related team was updated along")
        XCTAssertFalse(try team.commit(in: db))
        player.name = "Kim"
        XCTAssertTrue(try player.commit(in: db))
        switch TestDatabaseKind.current {
        case .sqlite:
            XCTAssertEqual(
                recorder.recorded,
                [
                    "BEGIN IMMEDIATE", #"UPDATE "team" SET "name" = ? WHERE "id" = ?"#, "COMMIT",
                    #"UPDATE "player" SET "name" = ? WHERE "id" = ?"#,
                ])
        case .postgres:
            XCTAssertEqual(
                recorder.recorded,
                [
                    TestDatabaseKind.postgresBegin, #"UPDATE "team" SET "name" = ? WHERE "id" = ?"#, "COMMIT",
                    #"UPDATE "player" SET "name" = ? WHERE "id" = ?"#,
                ])
        }
    }

    func testRawFetchMatchesColumnsByName() throws {
        let db = try makeTestDatabase(self)
        for name in ["b", "a", "c"] {
            let account = Account()
            account.owner = name
            try account.commit(in: db)
        }
        let accounts = try Account.fetch(sql: "SELECT balance, owner, id FROM $T WHERE owner <> ? ORDER BY owner", "c", in: db)
        XCTAssertEqual(accounts.map(\.owner), ["a", "b"])
        // A missing column fails by name. The key is read once, as stored, and the key property made
        // from it: text that is no number does not fit an integer key (text that is one does, below,
        // as for any integer column).
        let entity = Account.modelSchema.table
        let failures: [(sql: String, column: String, expected: String, found: String)] = [
            ("SELECT owner FROM $T", "id", "a result column", "none"),
            ("SELECT id, balance FROM $T", "owner", "a result column", "none"),
            ("SELECT 'seven' AS id, owner, balance FROM $T", "id", "Int64", "text"),
            ("SELECT NULL AS id, owner, balance FROM $T", "id", "Int64", "NULL"),
        ]
        for failure in failures {
            XCTAssertThrowsError(try Account.fetch(sql: SQL(failure.sql), in: db), failure.sql) { error in
                let expected = ORMError.valueMismatch(
                    entity: entity, column: failure.column, expected: failure.expected, found: failure.found)
                XCTAssertEqual(error as? ORMError, expected, failure.sql)
            }
        }
        let numbered = try Account.fetch(sql: "SELECT ' 42 ' AS id, 'x' AS owner, 5 AS balance", in: db)
        XCTAssertEqual(numbered.map(\.id), [42])
        XCTAssertEqual(numbered.map(\.balance), [5])
    }
}

/// Many threads committing and reading objects at once. Run again under the thread sanitizer by
/// `scripts/test` (`--sanitize=thread --filter ConcurrencyTests`).
final class ConcurrencyTests: XCTestCase {
    func testEightThreadsCommitAndReadTenThousandObjects() throws {
        let db = try makeTestDatabase(self)
        try db.prepare(Counter.self)
        let failures = Locked<[String]>([])
        let perThread = 1_250
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            do {
                var mine: [Counter] = []
                for n in 0..<perThread {
                    let counter = Counter()
                    counter.thread = thread
                    counter.n = n
                    if n % 100 == 0 {
                        try db.transaction { _ in try counter.commit(in: db) }
                    } else {
                        try counter.commit(in: db)
                    }
                    mine.append(counter)
                    if n % 50 == 0 {
                        let seen = try Counter.fetch(where: "thread = \(thread)", in: db)
                        if seen.count < n + 1 { failures.mutate { $0.append("thread \(thread) saw \(seen.count) < \(n + 1)") } }
                        // Shared live instances: another thread's objects are read while being written.
                        _ = try Counter.fetch(where: "n = \(n)", in: db).map(\.n)
                    }
                }
                for counter in mine where counter.n % 10 == 0 {
                    counter.n += perThread
                    try counter.commit(in: db)
                }
            } catch {
                failures.mutate { $0.append("\(error)") }
            }
        }
        XCTAssertEqual(failures.value, [])
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM counter"), .integer(10_000))
        XCTAssertEqual(try db.scalar("SELECT count(DISTINCT thread * 100000 + n) FROM counter"), .integer(10_000))
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM counter WHERE n >= ?", perThread), .integer(1_000))
    }

    /// Threads fetching the same rows (whole windows entered in the identity map at once) get the
    /// same live objects, change them, and let them go, so objects die on threads other than the
    /// one that last wrote them (their deinit reads the bookkeeping without taking their lock).
    func testThreadsFetchingTheSameRowsShareObjectsThatDieOnAnyThread() throws {
        let db = try makeTestDatabase(self)
        try db.transaction { _ in
            for n in 0..<300 {
                let counter = Counter()
                counter.n = n
                try counter.commit(in: db)
            }
        }
        let failures = Locked<[String]>([])
        let kept = Locked<[Counter]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            do {
                for round in 0..<40 {
                    let all = try Counter.fetch(where: "n >= 0", orderedBy: "n", in: db)
                    if all.map(\.n) != Array(0..<300) { failures.mutate { $0.append("thread \(thread) round \(round)") } }
                    all[(round * 7 + thread) % 300].thread = thread
                    // Some objects handed to the other threads, and let go of by whichever comes next.
                    kept.mutate { $0 = Array(all[(round % 3) * 100..<(round % 3) * 100 + 10]) }
                }
            } catch {
                failures.mutate { $0.append("\(error)") }
            }
        }
        kept.mutate { $0 = [] }
        XCTAssertEqual(failures.value, [])
        XCTAssertEqual(db.identityMap.entryCount(of: ObjectIdentifier(Counter.self)), 0, "every object left the map as it died")
    }
}

/// The identity map and transaction records kept by the write and fetch paths.
final class IdentityAndRollbackTests: XCTestCase {
    func testObjectsLeaveTheIdentityMapAsTheyDie() throws {
        let db = try makeTestDatabase(self)
        try db.transaction { _ in
            for index in 0..<1_000 {
                let account = Account()
                account.balance = index
                try account.commit(in: db)
            }
        }
        let type = ObjectIdentifier(Account.self)
        XCTAssertEqual(db.identityMap.entryCount(of: type), 0, "inserted objects died with the transaction's records")
        var fetched: [Account]? = try Account.fetchAll(in: db)
        XCTAssertEqual(fetched?.count, 1_000)
        XCTAssertEqual(db.identityMap.entryCount(of: type), 1_000)
        let first = try XCTUnwrap(fetched?.first)
        XCTAssertTrue(try Account.find(first.id, in: db) === first, "a fetch returns the live instance")
        fetched = nil
        XCTAssertEqual(db.identityMap.entryCount(of: type), 1, "only the instance still held stays")
        var again: [Account]? = try Account.fetchAll(in: db)
        XCTAssertTrue(again?.first === first)
        XCTAssertEqual(again?.map(\.balance).sorted(), Array(0..<1_000), "random keys: key order is not insert order")
        again = nil
        // The copy decoded for the live instance's row died inside the fetch without taking its entry.
        XCTAssertEqual(db.identityMap.entryCount(of: type), 1)
        XCTAssertTrue(try Account.find(first.id, in: db) === first)
    }

    func testARolledBackInsertLeavesTheObjectNewAndUnregistered() throws {
        let db = try makeTestDatabase(self)
        let account = Account()
        account.owner = "ann"
        try? db.transaction { _ in
            try account.commit(in: db)
            XCTAssertFalse(account.isNew)
            XCTAssertEqual(account.changedColumns, [])
            throw CancellationError()
        }
        XCTAssertTrue(account.isNew)
        XCTAssertEqual(account.id, 0, "the generated key is taken back")
        XCTAssertEqual(account.changedColumns, ["owner"], "the columns set before the insert are changed again")
        XCTAssertEqual(db.identityMap.entryCount(of: ObjectIdentifier(Account.self)), 0)
        try account.commit(in: db)
        XCTAssertTrue(try Account.find(account.id, in: db) === account)
    }

    /// The map entry follows the object: out when it is deleted, back when the delete rolls back,
    /// gone when the object dies; a fault is entered like a fetched object.
    func testAnObjectsMapEntryFollowsItThroughARolledBackDeleteAndItsDeath() throws {
        let db = try makeTestDatabase(self)
        let type = ObjectIdentifier(Account.self)
        var account: Account? = Account()
        try account?.commit(in: db)
        let id = try XCTUnwrap(account?.id)
        try? db.transaction { _ in
            try account?.remove()
            XCTAssertEqual(db.identityMap.entryCount(of: type), 0, "a deleted object leaves the map")
            throw CancellationError()
        }
        XCTAssertEqual(account?.isDeleted, false)
        XCTAssertTrue(try Account.find(id, in: db) === account, "the rollback enters it again")
        XCTAssertTrue(try db.object(Account.self, key: .integer(id)) === account, "no fault while it lives")
        XCTAssertEqual(db.identityMap.entryCount(of: type), 1)
        account = nil
        XCTAssertEqual(db.identityMap.entryCount(of: type), 0, "it leaves the map as it dies")

        var fault: Account? = try db.object(Account.self, key: .integer(id))
        XCTAssertEqual(db.identityMap.entryCount(of: type), 1)
        XCTAssertTrue(try Account.find(id, in: db) === fault, "a fetch returns the fault, loaded")
        XCTAssertEqual(fault?.id, id)
        fault = nil
        XCTAssertEqual(db.identityMap.entryCount(of: type), 0)
    }

    /// An object written in a transaction and again in a savepoint that was released is restored to
    /// its state before the outer transaction when that one rolls back.
    func testRollbackAfterAReleasedSavepointRestoresTheOuterState() throws {
        let db = try makeTestDatabase(self)
        let account = Account()
        account.owner = "kept"
        try account.commit(in: db)
        let fresh = Account()
        try? db.transaction { _ in
            account.balance = 1
            try account.commit(in: db)
            try db.transaction { _ in
                account.balance = 2
                try account.commit(in: db)
                try fresh.commit(in: db)
            }
            XCTAssertFalse(fresh.isNew)
            throw CancellationError()
        }
        XCTAssertEqual(account.balance, 0, "back to the value before the outer transaction")
        XCTAssertEqual(account.changedColumns, [])
        XCTAssertEqual(try db.scalar("SELECT balance FROM account WHERE id = ?", account.id), .integer(0))
        XCTAssertTrue(fresh.isNew, "the insert in the savepoint is undone with the outer transaction")
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM account"), .integer(1))
        XCTAssertTrue(try Account.find(account.id, in: db) === account)
        XCTAssertFalse(try account.commit(in: db), "nothing to write")
    }
}
