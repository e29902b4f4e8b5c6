import Foundation
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared
import TestSupport

/// The parts of the external-change watches: SQLite's WAL index header, WAL frames and map of pages
/// to tables; PostgreSQL's views that show a relation.
final class ExternalChangePartsTests: XCTestCase {
    private let everything = ExternalChangeFixture.everything
    private let showingA = ExternalChangeFixture.showingA
    private let showingB = ExternalChangeFixture.showingB

    /// PostgreSQL's watch names with a relation the views reading it, through other views too.
    func testTheViewsShowingARelationIncludeViewsOverViews() {
        let reads: [String: Set<String>] = [
            "a_names": ["a"], "a_and_b": ["a", "b"], "sorted_names": ["a_names"], "looped": ["looped", "b"],
        ]
        let showing = PostgresChangeWatch.viewsShowing(reads)
        XCTAssertEqual(showing["a"], ["a_names", "a_and_b", "sorted_names"])
        XCTAssertEqual(showing["b"], ["a_and_b", "looped"])
        XCTAssertEqual(showing["a_names"], ["sorted_names"])
        XCTAssertNil(showing["sorted_names"])
        XCTAssertNil(showing["c"])
    }

    // MARK: - The parts

    func testWALIndexHeaderCountsCommitsAndFrames() throws {
        let (path, db) = try ExternalChangeFixture.make(self)
        let other = try Database(path: path)
        let first = try XCTUnwrap(try db.readSQLite("a test") { $0.walIndexHeader() })
        try other.execute("UPDATE b SET value = 7 WHERE id = 7")
        try db.execute("UPDATE a SET name = 'x' WHERE id = 7")
        let second = try XCTUnwrap(try db.readSQLite("a test") { $0.walIndexHeader() })
        XCTAssertEqual(second.commitCounter, first.commitCounter + 2)
        XCTAssertGreaterThan(second.frameCount, first.frameCount)
        XCTAssertEqual(second.salts, first.salts)
        XCTAssertEqual(second.pageSize, 4096)
        XCTAssertNil(WALIndexHeader.parse([UInt8](repeating: 0, count: WALIndexHeader.byteCount)))
    }

    func testWALFramesAreReadOnlyWhenEveryCommitIsAccountedFor() throws {
        let (_, other) = try ExternalChangeFixture.make(self)
        func header() throws -> WALIndexHeader { try XCTUnwrap(try other.readSQLite("a test") { $0.walIndexHeader() }) }
        func written(after earlier: WALIndexHeader, upTo later: WALIndexHeader) throws -> Set<UInt32>? {
            try other.readSQLite("a test") { WALFrames.pagesWritten(in: $0, after: earlier, upTo: later) }
        }
        let map = try other.readSQLite("a test") { try PageMap.read($0) }
        func tables(_ pages: Set<UInt32>) -> Set<String> { map.tables(showing: map.objects(owning: pages)) }

        let start = try header()
        try other.execute("UPDATE b SET value = 8 WHERE id = 1")
        let afterUpdate = try header()
        let first = try XCTUnwrap(try written(after: start, upTo: afterUpdate))
        XCTAssertFalse(first.contains(1))
        XCTAssertEqual(tables(first), showingB)
        XCTAssertEqual(try written(after: afterUpdate, upTo: afterUpdate), [])

        // A checkpoint that empties the WAL loses nothing: no commit happened.
        try other.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        let afterCheckpoint = try header()
        XCTAssertNotEqual(afterCheckpoint.salts, afterUpdate.salts)
        XCTAssertEqual(try written(after: afterUpdate, upTo: afterCheckpoint), [])
        // A commit in the new WAL after it: read from the WAL's start.
        try other.execute("UPDATE b SET value = 9 WHERE id = 1")
        let afterSecond = try header()
        let second = try XCTUnwrap(try written(after: afterUpdate, upTo: afterSecond))
        XCTAssertEqual(tables(second), showingB)

        // A commit that went to a WAL since overwritten cannot be told: nil, so everything is reported.
        try other.execute("UPDATE a SET name = 'lost' WHERE id = 1")
        try other.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        try other.execute("UPDATE b SET value = 10 WHERE id = 1")
        let afterLoss = try header()
        XCTAssertNil(try written(after: afterSecond, upTo: afterLoss))
    }

    func testPageMapCreditsIndexPagesToTheirTableAndKnowsWhatViewsRead() throws {
        let (_, db) = try ExternalChangeFixture.make(self)
        let map = try db.readSQLite("a test") { try PageMap.read($0) }
        let roots = try db.fetchAll("SELECT name, tbl_name, rootpage FROM sqlite_schema WHERE rootpage > 0")
        for row in roots {
            guard case .integer(let root) = row[2], case .text(let table) = row[1] else { return XCTFail("\(row)") }
            let owner = try XCTUnwrap(map.owner(of: UInt32(root)), "\(row)")
            XCTAssertEqual(map.objects[owner].table, table, "\(row)")
        }
        let pageCount = try XCTUnwrap(try db.scalar("PRAGMA page_count"))
        let mappedPages = map.objects.reduce(0) { $0 + $1.pages.count }
        XCTAssertEqual(.integer(Int64(mappedPages)), pageCount, "every page of a file with no free page")

        let ofB = try XCTUnwrap(map.objects.firstIndex { $0.name == "b" })
        let ofIndex = try XCTUnwrap(map.objects.firstIndex { $0.name == "b_value" })
        XCTAssertEqual(map.objects[ofIndex].table, "b")
        XCTAssertEqual(map.tables(showing: [ofIndex]), showingB)
        XCTAssertEqual(map.tables(showing: [ofB, ofIndex]), showingB)
        let schema = try XCTUnwrap(map.owner(of: 1))
        XCTAssertEqual(map.tables(showing: [schema]), [], "SQLite's own tables are never named")
        XCTAssertEqual(map.allTables, everything)
    }
}
