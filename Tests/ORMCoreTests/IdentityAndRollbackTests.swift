import Foundation
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

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
