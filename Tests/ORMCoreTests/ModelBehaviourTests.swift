import Foundation
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

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
