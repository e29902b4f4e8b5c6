import Foundation
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

@Model(table: "r_event", primaryKey: .autoincrement)
final class REvent {
    var n: Int = 0
    var label: String = ""
}

final class ResultSetTests: XCTestCase {
    private func database(rows: Int) throws -> Database {
        let db = try makeTestDatabase(self)
        try db.prepare(REvent.self)
        // Labels run in the reverse order of n (all as long), so sorting by label reverses the
        // table; ids are n.
        try db.execute(
            """
            WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ?)
            INSERT INTO r_event(id, n, label) SELECT i, i, 'L' || (100000000 + ? - i) FROM s
            """, rows, rows)
        return db
    }

    func testBatchedIterationOverMoreRowsThanTheBatchSize() throws {
        let db = try database(rows: 2_500)
        let events = try REvent.query(in: db).orderBy("n").batch(100).fetch()
        XCTAssertEqual(events.count, 2_500)
        XCTAssertEqual(events.map(\.n), Array(1...2_500))
        XCTAssertLessThanOrEqual(events.residentWindowCount, BatchedRecords<REvent>.maximumResidentWindows)
    }

    func testBackwardsAndRandomAccessUseWholeWindows() throws {
        let db = try database(rows: 1_000)
        let recorder = SQLRecorder()
        let traced = try openSameDatabase(db, configuration: recorder.configuration)
        let events = try REvent.query(in: traced).where("n % 2 = 0").orderBy("label").batch(50).fetch()
        XCTAssertEqual(events.count, 500)
        recorder.reset()
        var seen: [Int] = []
        for index in stride(from: 499, through: 400, by: -1) { seen.append(events[index].n) }
        // Sorted by label, the even rows run from n = 1000 down: index i holds n = 1000 - 2i.
        XCTAssertEqual(seen, Array(stride(from: 2, through: 200, by: 2)))
        XCTAssertEqual(recorder.recorded.count, 2, "walking back through two windows costs two queries")
        XCTAssertEqual(events[0].n, 1_000)
        XCTAssertEqual(events[250].n, 500)
    }

    func testRowsDeletedAfterTheSnapshotAreReportedGone() throws {
        let db = try database(rows: 300)
        let events = try REvent.query(in: db).orderBy("n").batch(100).fetch()
        XCTAssertEqual(events.count, 300)
        try db.execute("DELETE FROM r_event WHERE n BETWEEN 150 AND 160")
        // The window holding row 150 was not loaded before the delete, so the row is reported gone:
        // the object for its key, marked deleted (ids are 1…300 in insertion order here).
        XCTAssertEqual(events[149].id, 150)
        XCTAssertTrue(events[149].isDeleted)
        XCTAssertFalse(events[148].isDeleted)
        XCTAssertEqual(events[161].n, 162, "later rows keep their places")
        XCTAssertEqual(events.filter(\.isDeleted).count, 11)
    }

    /// The same for a table keyed by two columns: the rows deleted are the records marked deleted.
    func testRowsOfATableKeyedByTwoColumnsDeletedAfterTheSnapshotAreReportedGone() throws {
        let db = try makeTestDatabase(self)
        try db.execute("CREATE TABLE pair (a bigint, b text, n bigint, PRIMARY KEY (a, b))")
        try db.execute(
            """
            WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < 300)
            INSERT INTO pair(a, b, n) SELECT i % 3, 'b' || (1000 + i), i FROM s
            """)
        let rows = try db.table("pair").query().orderBy("n").batch(100).fetch()
        XCTAssertEqual(rows.count, 300)
        try db.execute("DELETE FROM pair WHERE n BETWEEN 150 AND 160")
        XCTAssertTrue(rows[149].isDeleted)
        XCTAssertFalse(rows[148].isDeleted)
        XCTAssertEqual(rows[161]["n"], .integer(162), "later rows keep their places")
        XCTAssertEqual(rows.filter(\.isDeleted).count, 11)
    }

    func testUnbatchedResultsHoldEverything() throws {
        let db = try database(rows: 10)
        let events = try REvent.query(in: db).orderBy("n", descending: true).fetch()
        XCTAssertEqual(events.knownCount, 10)
        XCTAssertEqual(events.residentWindowCount, 0)
        XCTAssertEqual(events.first?.n, 10)
    }

    func testBatchedSetOnAViewReadsWindowsByPosition() throws {
        let db = try database(rows: 120)
        try db.execute("CREATE VIEW r_even AS SELECT n, label FROM r_event WHERE n % 2 = 0")
        let rows = try db.table("r_even").query().orderBy("n").batch(25).fetch()
        XCTAssertEqual(rows.count, 60)
        XCTAssertEqual(rows[59]["n"], .integer(120))
        XCTAssertEqual(rows[0]["n"], .integer(2))
    }
}
