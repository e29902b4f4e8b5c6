@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared
import XCTest

/// A fetch decodes rows a window at a time and enters each window in the identity map under one
/// lock: the rows whose objects are live must still come back as those objects, refreshed, keeping
/// their unsaved changes, across window boundaries, for rows repeated in one result, and for a row
/// whose live object's row was deleted.
final class FetchWindowTests: XCTestCase {
    func testLiveObjectsComeBackRefreshedAcrossWindows() throws {
        let db = try makeTestDatabase(self)
        try db.transaction { _ in
            for index in 0..<300 {
                let account = Account()
                account.owner = "owner \(index)"
                account.balance = index
                try account.commit(in: db)
            }
        }
        // Every 7th object kept alive, one of them with an unsaved change; the rest die.
        let kept = try keepingEverySeventh { try Account.fetchAll(in: db) }
        let changed = kept[20]
        changed.owner = "unsaved"
        try db.execute("UPDATE account SET balance = balance + 1000")

        let again = try Account.fetchAll(in: db)
        XCTAssertEqual(again.count, 300)
        for (index, account) in again.enumerated() {
            XCTAssertEqual(account.balance, index + 1000, "row \(index) read as stored")
            XCTAssertFalse(account.isFault)
        }
        for object in kept {
            let found = try XCTUnwrap(again.first { $0.id == object.id })
            XCTAssertTrue(found === object, "the live object of row \(object.id)")
        }
        XCTAssertEqual(changed.owner, "unsaved", "an unsaved change survives the fetch")
        XCTAssertEqual(changed.changedColumns, ["owner"])
        XCTAssertEqual(kept[21].owner, "owner \(21 * 7)", "a kept object without changes reads its row")
        // The new objects are entered too: looking one up gives it back.
        let fresh = again[1]
        XCTAssertTrue(try XCTUnwrap(try Account.find(fresh.id, in: db)) === fresh)
    }

    /// The same with a text key (its own path into the identity map, without the integer table).
    func testLiveObjectsWithTextKeysComeBackRefreshed() throws {
        let db = try makeTestDatabase(self)
        try db.transaction { _ in
            for index in 0..<300 {
                let tag = RCTag()
                tag.id = "tag \(1_000 + index)"
                tag.label = "label \(index)"
                try tag.commit(in: db)
            }
        }
        let kept = try keepingEverySeventh { try RCTag.fetchAll(in: db) }
        let changed = kept[10]
        changed.label = "unsaved"
        try db.execute("UPDATE rc_tag SET label = label || ' again'")

        let again = try RCTag.fetchAll(in: db)
        XCTAssertEqual(again.map(\.id), (0..<300).map { "tag \(1_000 + $0)" })
        for object in kept {
            XCTAssertTrue(try XCTUnwrap(again.first { $0.id == object.id }) === object, "the live object of \(object.id)")
        }
        XCTAssertEqual(changed.label, "unsaved", "an unsaved change survives the fetch")
        XCTAssertEqual(kept[11].label, "label \(11 * 7) again", "a kept object without changes reads its row")
        XCTAssertEqual(again[1].label, "label 1 again")
        XCTAssertTrue(try XCTUnwrap(try RCTag.find("tag 1001", in: db)) === again[1])
    }

    func testARowTwiceInOneResultIsOneObject() throws {
        let db = try makeTestDatabase(self)
        for owner in ["Ann", "Bo"] {
            let account = Account()
            account.owner = owner
            try account.commit(in: db)
        }
        let rows = try Account.fetch(sql: "SELECT * FROM $T UNION ALL SELECT * FROM $T ORDER BY owner", in: db)
        XCTAssertEqual(rows.map(\.owner), ["Ann", "Ann", "Bo", "Bo"])
        XCTAssertTrue(rows[0] === rows[1])
        XCTAssertTrue(rows[2] === rows[3])
        XCTAssertFalse(rows[0] === rows[2])
    }

    func testTheRowThatTookADeletedRowsKeyGetsAnObjectOfItsOwn() throws {
        let db = try makeTestDatabase(self)
        let old = Account()
        old.owner = "old"
        try old.commit(in: db)
        try db.execute("DELETE FROM account")
        XCTAssertTrue(old.isDeleted)
        try db.execute("INSERT INTO account (id, owner, balance) VALUES (\(old.id), 'new', 7)")

        let fetched = try Account.fetchAll(in: db)
        XCTAssertEqual(fetched.count, 1)
        XCTAssertFalse(fetched[0] === old, "the deleted row's object is not handed out again")
        XCTAssertEqual(fetched[0].owner, "new")
        XCTAssertTrue(old.isDeleted)
        XCTAssertTrue(try XCTUnwrap(try Account.find(old.id, in: db)) === fetched[0])
    }

    /// A row initialiser marks the object as its row before it decodes the columns: an object whose
    /// column then fails to decode dies unseen, leaving no entry of its own and the live object of
    /// its row where it was.
    /// SQLite's alone: it stores text in an integer column (type affinity); the test after it makes
    /// the same failure on both databases.
    func testAColumnThatFailsToDecodeLeavesTheMapAsItWas() throws {
        let db = try Database(path: try temporaryDatabasePath(self))
        for owner in ["kept", "dropped"] {
            let account = Account()
            account.owner = owner
            try account.commit(in: db)
        }
        let kept = try XCTUnwrap(try Account.find(1, in: db))
        let type = ObjectIdentifier(Account.self)
        XCTAssertEqual(db.identityMap.entryCount(of: type), 1)
        try db.execute("UPDATE \(identifier: Account.modelSchema.table) SET balance = 'not a number'")

        // Row 1 has a live object, row 2 none: both decodings fail on `balance`, after the key.
        XCTAssertThrowsError(try Account.fetchAll(in: db)) { error in
            guard case ORMError.valueMismatch(_, "balance", _, "text") = error else {
                return XCTFail("\(error)")
            }
        }
        XCTAssertThrowsError(try Account.fetch(sql: "SELECT id, owner, balance FROM $T WHERE id = 2", in: db))
        XCTAssertEqual(db.identityMap.entryCount(of: type), 1, "no entry left by the objects that failed")
        XCTAssertTrue(db.identityMap.object(Account.self, key: .integer(1)) === kept)
        XCTAssertNil(db.identityMap.object(Account.self, key: .integer(2)))

        try db.execute("UPDATE \(identifier: Account.modelSchema.table) SET balance = 7")
        let again = try Account.fetchAll(in: db)
        XCTAssertTrue(again[0] === kept, "the live object still holds its row")
        XCTAssertEqual(again.map(\.balance), [7, 7])
    }

    /// The same on either database, the undecodable value made by the query instead of stored:
    /// the objects that fail leave no entry, and the live object of row 1 stays where it was.
    func testAColumnAQueryMakesUndecodableLeavesTheMapAsItWas() throws {
        let db = try makeTestDatabase(self)
        for owner in ["kept", "dropped"] {
            let account = Account()
            account.owner = owner
            try account.commit(in: db)
        }
        let kept = try XCTUnwrap(try Account.find(1, in: db))
        let type = ObjectIdentifier(Account.self)
        XCTAssertEqual(db.identityMap.entryCount(of: type), 1)

        XCTAssertThrowsError(
            try Account.fetch(sql: "SELECT id, owner, 'not a number' AS balance FROM $T ORDER BY id", in: db)
        ) { error in
            guard case ORMError.valueMismatch(_, "balance", _, "text") = error else {
                return XCTFail("\(error)")
            }
        }
        XCTAssertEqual(db.identityMap.entryCount(of: type), 1, "no entry left by the objects that failed")
        XCTAssertTrue(db.identityMap.object(Account.self, key: .integer(1)) === kept)
        XCTAssertNil(db.identityMap.object(Account.self, key: .integer(2)))
        let again = try Account.fetchAll(in: db)
        XCTAssertTrue(again[0] === kept, "the live object still holds its row")
        XCTAssertEqual(again.map(\.owner), ["kept", "dropped"])
    }

    /// Every 7th object of what `fetch` gives, kept alive by the caller; the rest die as this
    /// returns.
    private func keepingEverySeventh<T>(_ fetch: () throws -> [T]) rethrows -> [T] {
        let first = try fetch()
        return stride(from: 0, to: first.count, by: 7).map { first[$0] }
    }
}
