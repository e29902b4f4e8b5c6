import Dispatch
import Foundation
import ORMCore
import XCTest

extension ORMCoreBehaviour {
    // MARK: - Upserts

    public func testUpsertUpdatesTheClashingRow() throws {
        let db = try fresh()
        let first = BTag()
        first.name = "swift"
        first.uses = 1
        try first.commit(in: db)
        let clash = BTag()
        clash.name = "swift"
        clash.uses = 5
        XCTAssertTrue(try clash.commit(in: db), name)
        XCTAssertEqual(clash.id, first.id, "\(name): the object takes the stored row's key")
        XCTAssertTrue(try BTag.find(first.id, in: db) === clash, "\(name): and becomes the row's live object")
        XCTAssertEqual(try db.fetchAll("SELECT name, uses FROM b_tag"), [[.text("swift"), .integer(5)]], name)
        // Inside a transaction the clash leaves the transaction usable (a savepoint on PostgreSQL).
        try db.transaction { _ in
            let again = BTag()
            again.name = "swift"
            again.uses = 9
            try again.commit(in: db)
            let other = BTag()
            other.name = "rust"
            try other.commit(in: db)
        }
        XCTAssertEqual(try db.fetchAll("SELECT name, uses FROM b_tag ORDER BY name"), [[.text("rust"), .integer(0)], [.text("swift"), .integer(9)]], name)
    }

    // MARK: - Raw SQL

    public func testRawSQLIsToldAsTableChanges() throws {
        let db = try fresh()
        let item = BItem.make(name: "bolt", stock: 1, price: 0, added: Date(timeIntervalSince1970: 0))
        try item.commit(in: db)
        try BItem.make(name: "nut", stock: 1, price: 0, added: Date(timeIntervalSince1970: 0)).commit(in: db)
        let tables = Collected<[String]>()
        let registration = db.observeChanges(synchronously: true) { changes in tables.append(changes.tables.sorted()) }
        defer { registration.cancel() }
        try db.execute("UPDATE b_item SET stock = stock + 1")
        try db.executeScript("CREATE TABLE b_other (x bigint); INSERT INTO b_other VALUES (1); DELETE FROM b_item WHERE name = 'nut'")
        try? db.transaction { _ in
            try db.execute("DELETE FROM b_item")
            throw CancellationError()
        }
        XCTAssertEqual(tables.values, [["b_item"], ["b_item", "b_other"]], "\(name): a rolled-back statement is never told")
        XCTAssertEqual(item.stock, 2, "\(name): the live object reloads what SQL wrote")
    }
}
