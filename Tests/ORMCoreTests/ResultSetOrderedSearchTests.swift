import Foundation
import Synchronization
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// Searching a sorted result set far from where the search starts: after a few chunks of keys,
/// one statement in the set's order finds the match (or finds that there is none), and the
/// snapshot gives its position.
final class ResultSetOrderedSearchTests: XCTestCase {
    /// A table of 20,000 rows, `n` running 1…20,000 and `label` the other way: sorted by label,
    /// the row with `n` = k sits at position 20,000 - k.
    private func items() throws -> (Database, ResultSet<DynamicRecord>) {
        let db = try makeTestDatabase(self)
        try db.execute("CREATE TABLE item (id INTEGER PRIMARY KEY, n INTEGER, label TEXT)")
        try db.execute("""
            WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < 20000)
            INSERT INTO item(id, n, label) SELECT i, i, 'L' || (1000000 + 20000 - i) FROM s
            """)
        return (db, try db.table("item").query().orderBy("label").batch(100).fetch())
    }

    /// A far match is found both ways, the nearest to the start first; a miss is nil.
    func testAFarMatchAndAMissInASortedSet() throws {
        let (_, set) = try items()
        XCTAssertEqual(try set.firstIndex(matching: "n IN (3, 2)", after: -1), 19_997)
        XCTAssertEqual(try set.firstIndex(matching: "n IN (15000, 16000)", after: Int.max, forward: false), 5_000)
        XCTAssertEqual(try set.firstIndex(matching: "n IN (15000, 16000)", in: 0..<4_500, forward: false), 4_000)
        XCTAssertNil(try set.firstIndex(matching: "n IN (15000, 16000)", in: 5_001..<Int.max))
        XCTAssertNil(try set.firstIndex(matching: "n IN (15000, 16000)", in: 0..<4_000, forward: false))
        XCTAssertNil(try set.firstIndex(matching: "label = \("nothing")", after: -1))
    }

    /// A matching row inserted after the snapshot, before the real match in the set's order, is
    /// not taken for it: the search goes on a chunk at a time and finds the row the snapshot holds.
    func testARowInsertedSinceTheSnapshotIsPassedOver() throws {
        let (db, set) = try items()
        XCTAssertEqual(set.count, 20_000)
        try db.execute("INSERT INTO item(id, n, label) VALUES (30000, 3, 'L1000100')")
        XCTAssertEqual(try set.firstIndex(matching: "n = 3", after: -1), 19_997)
    }

    /// A search wrapping around the end (the positions after the start, then those before it)
    /// asks for the matches in order once: the second part is answered by what the first saw.
    /// Only the very next search takes that answer.
    func testAWrappingSearchReadsTheSetInOrderOnce() throws {
        let (db, _) = try items()
        let recorder = SQLRecorder()
        let traced = try openSameDatabase(db, configuration: recorder.configuration)
        let set = try traced.table("item").query().orderBy("label").batch(100).fetch()
        XCTAssertEqual(set.count, 20_000)
        // n = 19,500 sits at 500, n = 19,000 at 1,000: none after 1,000.
        let condition: SQL = "n IN (19000, 19500)"
        recorder.reset()
        XCTAssertNil(try set.firstIndex(matching: condition, in: 1_001..<Int.max))
        XCTAssertEqual(try set.firstIndex(matching: condition, in: 0..<1_001), 500)
        let ordered = recorder.recorded.filter { $0.contains("ORDER BY") && $0.contains("19500") }
        XCTAssertEqual(ordered.count, 1, "\(recorder.recorded)")
        XCTAssertEqual(try set.firstIndex(matching: condition, in: 501..<1_001), 1_000, "read again")
        XCTAssertNil(try set.firstIndex(matching: condition, in: 1_001..<Int.max, forward: false))
        XCTAssertEqual(try set.firstIndex(matching: condition, in: 0..<1_001, forward: false), 1_000)
    }

    /// Progress is told after each chunk; a search stopped after one throws.
    func testProgressIsToldAndASearchStopsWhenAsked() throws {
        let (_, set) = try items()
        let told = Mutex<[Int]>([])
        XCTAssertNil(try set.firstIndex(matching: "n < 0", in: 0..<Int.max, progress: { checked in told.withLock { $0.append(checked) } }))
        XCTAssertEqual(told.withLock { $0 }, [1_024, 3_072, 7_168], "three chunks of keys, then one statement")
        let stop = Mutex(false)
        XCTAssertThrowsError(try set.firstIndex(matching: "n < 0", in: 0..<Int.max, isCancelled: { stop.withLock { $0 } },
                                                progress: { _ in stop.withLock { $0 = true } })) {
            XCTAssertTrue($0 is CancellationError, "\($0)")
        }
    }
}
