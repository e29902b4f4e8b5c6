import Dispatch
import Foundation
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// The last records of a batched result set, read before its key snapshot exists.
final class ResultSetTailTests: XCTestCase {
    /// 1,234 rows: `grp` has five values and NULLs (many ties), `label` repeats every 10 rows.
    private func database() throws -> Database {
        let db = try makeTestDatabase(self)
        try db.execute("CREATE TABLE item (id INTEGER PRIMARY KEY, grp INTEGER, label TEXT)")
        try db.execute(
            """
            WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < 1234)
            INSERT INTO item(id, grp, label)
            SELECT i, CASE WHEN i % 6 = 0 THEN NULL ELSE i % 5 END, 'L' || (i % 10) FROM s
            """)
        return db
    }

    /// A batched set over `query` whose key snapshot waits for `gate` (opened after 10 s whatever
    /// happens, so a read that waits for the snapshot fails the test instead of hanging it).
    private func heldBack(_ query: Query<DynamicRecord>, _ db: Database, gate: DispatchSemaphore) throws
        -> ResultSet<DynamicRecord>
    {
        DispatchQueue.global().asyncAfter(deadline: .now() + 10) { gate.signal() }
        try query.decoder.prepare(db)
        return ResultSet(batched: BatchedRecords(query: query, database: db, windowSize: 100, snapshotGate: gate))
    }

    func testLastRowsBeforeTheSnapshotAreTheLastRowsOfTheOrderWithTiesAndNulls() throws {
        let db = try database()
        let table = try db.table("item")
        let orders: [(String, Query<DynamicRecord>)] = [
            ("key", table.query()),
            ("grp", table.query().orderBy("grp")),
            ("grp desc", table.query().orderBy("grp", descending: true)),
            ("grp, label desc", table.query().orderBy("grp").orderBy("label", descending: true)),
        ]
        for (name, query) in orders {
            let expected = try query.fetch().map(\.key)
            XCTAssertEqual(expected.count, 1_234)
            let gate = DispatchSemaphore(value: 0)
            let set = try heldBack(query.batch(100), db, gate: gate)
            XCTAssertEqual(try set.loadLastRows(), 1_234, name)
            XCTAssertFalse(set.isSnapshotReady, "\(name): read without the snapshot")
            XCTAssertEqual(set.knownCount, 1_234, name)
            // The last window (34 rows) and the one before it are there, in order.
            for position in 1_100..<1_234 {
                XCTAssertEqual(set.recordIfAvailable(at: position)?.key, expected[position], "\(name) at \(position)")
            }
            XCTAssertNil(set.recordIfAvailable(at: 1_099), "\(name): nothing before the last two windows")
            XCTAssertNil(set.recordIfAvailable(at: 1_234), "\(name): nothing past the end")
            gate.signal()
            XCTAssertEqual(set.count, 1_234)
            XCTAssertEqual(set.knownCount, 1_234)
            // Confirmed by the snapshot: still there, and every position reads in order.
            XCTAssertEqual(set.recordIfAvailable(at: 1_233)?.key, expected[1_233], name)
            XCTAssertEqual(set.map(\.key), expected, name)
        }
    }

    func testLastRowsTheSnapshotDoesNotConfirmAreReadAgain() throws {
        let db = try database()
        let query = try db.table("item").query().orderBy("label").batch(100)
        let lastBefore = try XCTUnwrap(query.fetch().last?.key)

        // A row deleted after the last rows were read: the snapshot is one shorter.
        var gate = DispatchSemaphore(value: 0)
        var set = try heldBack(query, db, gate: gate)
        XCTAssertEqual(try set.loadLastRows(), 1_234)
        XCTAssertEqual(set.recordIfAvailable(at: 1_233)?.key, lastBefore)
        try db.execute("DELETE FROM item WHERE id = ?", lastBefore[0])
        gate.signal()
        XCTAssertEqual(set.count, 1_233)
        XCTAssertEqual(set.map(\.key), try query.fetch().map(\.key))

        // As many rows, other keys: one deleted, one added that sorts last.
        let lastNow = try XCTUnwrap(query.fetch().last?.key)
        gate = DispatchSemaphore(value: 0)
        set = try heldBack(query, db, gate: gate)
        XCTAssertEqual(try set.loadLastRows(), 1_233)
        XCTAssertEqual(set.recordIfAvailable(at: 1_232)?.key, lastNow)
        try db.transaction { _ in
            try db.execute("DELETE FROM item WHERE id = ?", lastNow[0])
            try db.execute("INSERT INTO item(id, grp, label) VALUES (5000, 1, 'Z')")
        }
        gate.signal()
        XCTAssertEqual(set.count, 1_233)
        XCTAssertEqual(set[1_232].key, [.integer(5_000)], "the row added since, not the deleted one")
        XCTAssertEqual(set.map(\.key), try query.fetch().map(\.key))
    }

    /// A table keyed by two columns (a key that is not one integer on PostgreSQL): the last rows
    /// read before the snapshot are the order's, and the snapshot confirms them.
    func testLastRowsOfATableKeyedByTwoColumns() throws {
        let db = try makeTestDatabase(self)
        try db.execute("CREATE TABLE pair (a bigint, b text, grp bigint, PRIMARY KEY (a, b))")
        try db.execute(
            """
            WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < 345)
            INSERT INTO pair(a, b, grp) SELECT i % 7, 'b' || (1000 + i), i % 5 FROM s
            """)
        let query = try db.table("pair").query().orderBy("grp").orderBy("b", descending: true)
        let expected = try query.fetch().map(\.key)
        XCTAssertEqual(expected.count, 345)
        let gate = DispatchSemaphore(value: 0)
        let set = try heldBack(query.batch(100), db, gate: gate)
        XCTAssertEqual(try set.loadLastRows(), 345)
        XCTAssertFalse(set.isSnapshotReady, "read without the snapshot")
        for position in 200..<345 {
            XCTAssertEqual(set.recordIfAvailable(at: position)?.key, expected[position], "at \(position)")
        }
        gate.signal()
        XCTAssertEqual(set.count, 345)
        XCTAssertEqual(set.map(\.key), expected)
    }

    func testLastRowsOfAnEmptyOrLimitedSetOrALoadedOne() throws {
        let db = try database()
        let table = try db.table("item")
        let gate = DispatchSemaphore(value: 0)
        let empty = try heldBack(table.query().where("grp = 99").batch(100), db, gate: gate)
        XCTAssertEqual(try empty.loadLastRows(), 0)
        XCTAssertEqual(empty.knownCount, 0)
        gate.signal()
        XCTAssertEqual(empty.count, 0)
        // A limit (or an offset) takes the snapshot's count.
        XCTAssertEqual(try table.query().orderBy("label").limit(150).batch(100).fetch().loadLastRows(), 150)
        XCTAssertEqual(try table.query().where("grp = 1").fetch().loadLastRows(), try table.query().where("grp = 1").count())
    }
}
