import Dispatch
import Foundation
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared
import TestSupport

@Model(table: "lq_item")
final class LQItem {
    var name: String = ""
    var stock: Int = 0
}

@Model(table: "lq_other")
final class LQOther {
    var note: String = ""
}

/// Live queries (`Query.observe…`, `Database.observe(tables:)`), on both databases
/// (`makeTestDatabase`): the first value at once, a new one after each commit that touches what
/// the query reads (this database's, another handle's, on SQLite another process's), none for a
/// commit elsewhere, one read at a time, and an end when cancelled or when a read fails.
final class LiveQueryTests: XCTestCase {
    /// Values handed to a callback, from any queue.
    private final class Values<Value: Sendable>: Sendable {
        let values = Locked<[Value]>([])
        func add(_ value: Value) { values.mutate { $0.append(value) } }

        /// Waits until a value satisfies `condition`; returns every value come.
        @discardableResult
        func wait(
            _ what: String, file: StaticString = #filePath, line: UInt = #line, until condition: @escaping (Value) -> Bool
        ) throws -> [Value] {
            try waitUntil(what, file: file, line: line) { values.value.contains(where: condition) }
            return values.value
        }
    }

    private func commitItem(_ name: String, stock: Int = 0, in db: Database) throws {
        let item = LQItem()
        item.name = name
        item.stock = stock
        try item.commit(in: db)
    }

    func testTheRecordsNowThenAfterEachCommitAsASequence() async throws {
        let db = try makeTestDatabase(self)
        try commitItem("a", in: db)
        var seen: [[String]] = []
        for try await items in LQItem.query().orderBy("name").on(db).observe() {
            seen.append(items.map(\.name))
            if seen.count == 1 { try commitItem("b", in: db) }
            if seen.count == 2 { break }
        }
        XCTAssertEqual(seen, [["a"], ["a", "b"]])
        // Leaving the loop drops the sequence, which stops following commits.
        try waitUntil("the observation ended") { !db.changeCenter.hasObservers }
    }

    func testACommitToAnotherTableReadsNothing() throws {
        let db = try makeTestDatabase(self)
        let reads = Locked(0)
        let values = Values<Int>()
        let registration = try LQItem.query().on(db).observe { query in
            reads.mutate { $0 += 1 }
            return try query.count()
        }.start { values.add($0) }
        defer { registration.cancel() }
        try values.wait("the first value") { $0 == 0 }
        let other = LQOther()
        other.note = "elsewhere"
        try other.commit(in: db)
        try commitItem("a", in: db)
        XCTAssertEqual(try values.wait("the count after the insert") { $0 == 1 }, [0, 1])
        XCTAssertEqual(reads.value, 2, "the commit to lq_other read nothing")
    }

    func testCommitsDuringAReadCostOneMoreReadAndTheLastValueIsTheLastCommits() throws {
        let db = try makeTestDatabase(self)
        let reads = Locked(0)
        let gate = DispatchSemaphore(value: 0)
        let insideFirstRead = Locked(false)
        let values = Values<Int>()
        let registration = try LQItem.query().on(db).observe { query in
            var read = 0
            reads.mutate {
                $0 += 1
                read = $0
            }
            if read == 1 {
                insideFirstRead.mutate { $0 = true }
                gate.wait()
            }
            return try query.count()
        }.start { values.add($0) }
        defer { registration.cancel() }
        try waitUntil("the first read started") { insideFirstRead.value }
        for index in 0..<20 { try commitItem("item \(index)", in: db) }
        gate.signal()
        try values.wait("the count after the burst") { $0 == 20 }
        // The read counts itself as it starts and hands its value on as it ends: wait for the value.
        try waitUntil("the read asked for by the burst handed on its value") { values.values.value.count >= 2 }
        XCTAssertEqual(values.values.value, [20, 20], "twenty commits during the first read: one more read")
        XCTAssertEqual(reads.value, 2)
    }

    func testAnotherHandlesCommitIsSeen() throws {
        let db = try makeTestDatabase(self)
        let other = try openSameDatabase(db)
        let values = Values<Int>()
        let registration = try LQItem.query().where("stock > 5").on(db).observeCount().start { values.add($0) }
        defer { registration.cancel() }
        try values.wait("the first value") { $0 == 0 }
        try waitForTheWatchToStart(db)
        try other.execute("INSERT INTO lq_item (name, stock) VALUES ('from elsewhere', 9)")
        try values.wait("the other handle's row counted") { $0 == 1 }
    }

    // SQLite's alone: another process writes the file (PostgreSQL's other session is the test above).
    func testAnotherProcesssCommitIsSeen() throws {
        let path = try temporaryDatabasePath(self)
        let db = try Database(path: path)
        try commitItem("a", in: db)
        let values = Values<[String]>()
        let registration = try LQItem.query().orderBy("name").on(db).observe().start { items in
            values.add(items.map(\.name))
        }
        defer { registration.cancel() }
        try values.wait("the first value") { $0 == ["a"] }
        try ExternalChangeFixture.runSQLite3(path, "INSERT INTO lq_item (name, stock) VALUES ('b', 1)")
        try values.wait("the other process's row") { $0 == ["a", "b"] }
    }

    func testRemovingDuplicatesDropsAnEqualValue() throws {
        let db = try makeTestDatabase(self)
        let item = LQItem()
        try item.commit(in: db)
        let values = Values<Int>()
        let registration = try LQItem.query().on(db).observeCount().removingDuplicates().start { values.add($0) }
        defer { registration.cancel() }
        try values.wait("the first value") { $0 == 1 }
        item.stock = 3  // the table changes, the count does not
        try item.commit(in: db)
        try commitItem("b", in: db)
        XCTAssertEqual(try values.wait("the new count") { $0 == 2 }, [1, 2])
    }

    func testTheFirstRecordAndAnAggregate() throws {
        let db = try makeTestDatabase(self)
        let first = Values<String?>()
        let total = Values<SQLValue>()
        let firstRegistration = try LQItem.query().orderBy("stock", descending: true).on(db).observeFirst()
            .start { first.add($0?.name) }
        let totalRegistration = try LQItem.query().on(db).observe { try $0.sum("stock") }.start { total.add($0) }
        defer {
            firstRegistration.cancel()
            totalRegistration.cancel()
        }
        try first.wait("none yet") { $0 == nil }
        try commitItem("small", stock: 2, in: db)
        try commitItem("big", stock: 40, in: db)
        try first.wait("the biggest first") { $0 == "big" }
        try total.wait("the sum") { $0 == .integer(42) }
    }

    func testATableFoundAtRunTimeAndAViewOverIt() throws {
        let db = try makeTestDatabase(self)
        try db.execute("CREATE TABLE plain (id INTEGER PRIMARY KEY, label TEXT)")
        try db.execute("CREATE VIEW plain_labels AS SELECT label FROM plain")
        let table = Values<Int>()
        let view = Values<Int>()
        let tableRegistration = try db.table("plain").query().observeCount().start { table.add($0) }
        // This database's writes name the table written, not the view: a view is followed through every commit.
        let viewRegistration = try db.table("plain_labels").query().observeCount().start { view.add($0) }
        defer {
            tableRegistration.cancel()
            viewRegistration.cancel()
        }
        try table.wait("the table's first value") { $0 == 0 }
        try view.wait("the view's first value") { $0 == 0 }
        try db.execute("INSERT INTO plain (id, label) VALUES (1, 'x')")
        try table.wait("the table's new count") { $0 == 1 }
        try view.wait("the view's new count") { $0 == 1 }
    }

    func testAReadThatFailsEndsTheObservationWithItsError() async throws {
        let db = try makeTestDatabase(self)
        do {
            for try await _ in LQItem.query().where("no_such_column = 1").on(db).observe() {
                XCTFail("a value from a query the database refuses")
            }
            XCTFail("the sequence ended without the error")
        } catch let error as any DatabaseError {
            XCTAssertTrue(error.message.contains("no_such_column"), error.message)
        }
        try waitUntil("the observation ended") { !db.changeCenter.hasObservers }
    }

    func testCancellingStopsTheValues() throws {
        let db = try makeTestDatabase(self)
        let values = Values<Int>()
        let registration = try LQItem.query().on(db).observeCount().start { values.add($0) }
        try values.wait("the first value") { $0 == 0 }
        registration.cancel()
        XCTAssertFalse(db.changeCenter.hasObservers, "cancelling removed the observer")
        try commitItem("after", in: db)
        // A value after the cancel would have to come from a read the commit started: none can.
        let after = Values<Int>()
        let check = try LQItem.query().on(db).observeCount().start { after.add($0) }
        defer { check.cancel() }
        try after.wait("a new observation's count") { $0 == 1 }
        XCTAssertEqual(values.values.value, [0])
    }

    func testADatabaseReadOfNamedTables() throws {
        let db = try makeTestDatabase(self)
        try commitItem("a", stock: 4, in: db)
        let values = Values<Int>()
        let registration = try db.observe(tables: ["LQ_ITEM"]) { db in
            try db.fetchAll("SELECT stock FROM lq_item").count
        }.start { values.add($0) }
        defer { registration.cancel() }
        try values.wait("the first value") { $0 == 1 }
        try commitItem("b", stock: 5, in: db)
        try values.wait("the second row") { $0 == 2 }
    }
}
