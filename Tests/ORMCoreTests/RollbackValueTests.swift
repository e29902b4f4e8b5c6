import Foundation
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// A rollback puts back the property values of the objects written or changed inside it, as they
/// were when it began (they used to keep the values it set, and a later commit wrote them).
final class RollbackValueTests: XCTestCase {
    private func account(_ owner: String, balance: Int = 0, in db: Database) throws -> Account {
        let account = Account()
        account.owner = owner
        account.balance = balance
        try account.commit(in: db)
        return account
    }

    /// The case from the issue: after the rollback the next, unrelated, commit writes nothing.
    func testAfterARollbackTheNextCommitDoesNotWriteWhatItUndid() throws {
        let recorder = SQLRecorder()
        let db = try Database(path: ":memory:", configuration: recorder.configuration)
        let account = try account("ann", in: db)
        try? db.transaction { _ in
            account.balance = 99
            account.owner = "bob"
            try account.commit(in: db)
            throw CancellationError()
        }
        XCTAssertEqual(account.balance, 0)
        XCTAssertEqual(account.owner, "ann")
        XCTAssertFalse(account.hasChanges)
        recorder.reset()
        XCTAssertFalse(try account.commit(in: db))
        XCTAssertEqual(recorder.recorded, [])
        XCTAssertEqual(try db.fetchAll("SELECT owner, balance FROM account"), [[.text("ann"), .integer(0)]])
    }

    /// Unsaved changes made before the transaction are what it began with: they are put back.
    func testUnsavedChangesFromBeforeTheTransactionArePutBack() throws {
        let db = try makeTestDatabase(self)
        let account = try account("ann", in: db)
        account.balance = 5
        try? db.transaction { _ in
            account.balance = 99
            try account.commit(in: db)
            throw CancellationError()
        }
        XCTAssertEqual(account.balance, 5)
        XCTAssertEqual(account.changedColumns, ["balance"], "still unsaved, as before the transaction")
        account.revert()
        XCTAssertEqual(account.balance, 0, "and what was read is still known")
    }

    /// `fail()`, a veto and a property changed but never committed inside the transaction: all put back.
    func testFailAVetoAndUncommittedChangesAllPutValuesBack() throws {
        let db = try makeTestDatabase(self)
        let account = try account("ann", in: db)
        XCTAssertThrowsError(
            try db.transaction { tx in
                account.balance = 1
                try account.commit(in: db)
                account.owner = "not committed"
                try tx.fail("no")
            })
        XCTAssertEqual(account.balance, 0)
        XCTAssertEqual(account.owner, "ann")

        let vetoed = Account()
        vetoed.vetoInsert = true
        XCTAssertThrowsError(
            try db.transaction { _ in
                account.balance = 2
                try account.commit(in: db)
                try vetoed.commit(in: db)
            })
        XCTAssertEqual(account.balance, 0)
        XCTAssertFalse(account.hasChanges)
    }

    /// A savepoint that rolls back puts back the values it began with; the outer transaction's own
    /// changes stay and commit.
    func testASavepointPutsBackTheValuesItBeganWith() throws {
        let db = try makeTestDatabase(self)
        let account = try account("ann", in: db)
        try db.transaction { _ in
            account.balance = 1
            try account.commit(in: db)
            try? db.transaction { inner in
                account.balance = 2
                try account.commit(in: db)
                account.owner = "inner"
                try inner.fail("inner only")
            }
            XCTAssertEqual(account.balance, 1)
            XCTAssertEqual(account.owner, "ann")
            XCTAssertFalse(account.hasChanges)
        }
        XCTAssertEqual(try db.fetchAll("SELECT owner, balance FROM account"), [[.text("ann"), .integer(1)]])
    }

    /// A new object inserted in a rolled-back transaction is new again with the values it was
    /// inserted with (it has no stored values to go back to); changes after the insert are undone.
    func testAnInsertedObjectKeepsTheValuesItWasInsertedWith() throws {
        let db = try makeTestDatabase(self)
        let account = Account()
        try? db.transaction { _ in
            account.owner = "inserted"
            try account.commit(in: db)
            account.owner = "updated"
            try account.commit(in: db)
            throw CancellationError()
        }
        XCTAssertTrue(account.isNew)
        XCTAssertEqual(account.owner, "inserted")
        try account.commit(in: db)
        XCTAssertEqual(try db.scalar("SELECT owner FROM account"), .text("inserted"))
    }

    /// A property changed many times in one transaction is recorded once (the first value is the one
    /// a rollback goes back to), so a long loop does not grow the transaction's log.
    func testAColumnChangedManyTimesIsRecordedOnce() throws {
        let db = try makeTestDatabase(self)
        let account = try account("ann", in: db)
        try? db.transaction { _ in
            for balance in 1...1_000 { account.balance = balance }
            XCTAssertEqual(db.writerState.frames.last?.log.count, 2, "the object's state, and the column's first value")
            try account.commit(in: db)
            throw CancellationError()
        }
        XCTAssertEqual(account.balance, 0)
        XCTAssertFalse(account.hasChanges)
    }

    /// `refresh()` and `revert()` inside a rolled-back transaction are undone too.
    func testRefreshAndRevertInsideARolledBackTransactionAreUndone() throws {
        let db = try makeTestDatabase(self)
        let account = try account("ann", in: db)
        account.owner = "unsaved"
        try? db.transaction { _ in
            try db.execute("UPDATE account SET balance = 7")
            try account.refresh()
            XCTAssertEqual(account.balance, 7)
            XCTAssertEqual(account.owner, "ann")
            throw CancellationError()
        }
        XCTAssertEqual(account.balance, 0)
        XCTAssertEqual(account.owner, "unsaved")
        XCTAssertEqual(account.changedColumns, ["owner"])
        try? db.transaction { _ in
            account.revert()
            throw CancellationError()
        }
        XCTAssertEqual(account.owner, "unsaved")
        XCTAssertEqual(account.changedColumns, ["owner"])
    }

    /// A change another thread makes while the transaction is open is not part of it: the rollback
    /// leaves it.
    func testAChangeAnotherThreadMakesMeanwhileStays() throws {
        let db = try makeTestDatabase(self)
        let account = try account("ann", in: db)
        let other = try self.account("bob", in: db)
        try? db.transaction { _ in
            account.balance = 1
            try account.commit(in: db)
            let done = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                other.balance = 42
                done.signal()
            }
            done.wait()
            throw CancellationError()
        }
        XCTAssertEqual(account.balance, 0)
        XCTAssertEqual(other.balance, 42)
        XCTAssertEqual(other.changedColumns, ["balance"])
    }
}
