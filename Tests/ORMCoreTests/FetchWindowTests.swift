import ORMCore
import XCTest

/// A fetch decodes rows a window at a time and enters each window in the identity map under one
/// lock: the rows whose objects are live must still come back as those objects, refreshed, keeping
/// their unsaved changes, across window boundaries, for rows repeated in one result, and for a row
/// whose live object's row was deleted.
final class FetchWindowTests: XCTestCase {
    func testLiveObjectsComeBackRefreshedAcrossWindows() throws {
        let db = try Database(path: try temporaryDatabasePath(self))
        try db.transaction { _ in
            for index in 0..<300 {
                let account = Account()
                account.owner = "owner \(index)"
                account.balance = index
                try account.commit(in: db)
            }
        }
        // Every 7th object kept alive, one of them with an unsaved change; the rest die.
        var kept: [Account] = []
        do {
            let first = try Account.fetchAll(in: db)
            kept = stride(from: 0, to: first.count, by: 7).map { first[$0] }
        }
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

    func testARowTwiceInOneResultIsOneObject() throws {
        let db = try Database(path: try temporaryDatabasePath(self))
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
        let db = try Database(path: try temporaryDatabasePath(self))
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
}
