import ORMCore
import XCTest

@testable import Browser

/// A sort of reef's copy of a statement's rows (``ResultStore``) holds SQLite's small page cache
/// and sorter budget, not SQLite's defaults: the key snapshot of a sorted view of ten million rows
/// is SQLite's external merge, whose memory follows the store connection's `cache_size` (the
/// sorted runs it holds before it writes one out) and the store's page size (the buffer through
/// which it reads each run back: a thousand runs at ten million rows).
final class ResultStoreMemoryTests: XCTestCase {
    /// The rows stored: enough for SQLite's sorter to spill to its temporary files.
    private let rows = 200_000

    func testASortOfTheStoreStaysWithinItsSmallCache() throws {
        let store = try ResultStore(columns: ["i", "h"], kinds: [.integer, .text], statement: "SELECT i, h")
        try store.database.execute("""
            INSERT INTO query WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < \(rows))
            SELECT i, lower(hex(randomblob(16))) FROM c
            """)
        XCTAssertEqual(try store.database.scalar("PRAGMA cache_size"), .integer(-512))
        XCTAssertEqual(try store.database.scalar("PRAGMA page_size"), .integer(1024))
        let sort: SQL = "SELECT rowid FROM query ORDER BY h"
        var count = 0
        try store.database.forEachRow(sort) { _ in }  // the statement prepared, the file's pages read once
        SQLiteMemory.resetPeak()
        let before = SQLiteMemory.used
        try store.database.forEachRow(sort) { _ in count += 1 }
        let peak = SQLiteMemory.peak - before
        XCTAssertEqual(count, rows)
        // 512 KiB of sorted runs and a 1 KiB buffer a run to merge them: about 0.6 MB. Pages of
        // 4 KiB (SQLite's default) make it 1.1 MB (1 MB runs, 4 KiB buffers); SQLite's default
        // cache (2,000 KiB) takes it past 3.5 MB.
        XCTAssertLessThan(peak, 800_000, "the sort held \(peak) bytes of SQLite's heap")
    }
}
