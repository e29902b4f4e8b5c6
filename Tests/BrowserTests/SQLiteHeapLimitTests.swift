import ORMCore
import XCTest
@testable import Browser

/// reef bounds the heap SQLite keeps for itself (its soft heap limit, process-wide) when it opens
/// a database: the window buffers and sorters of `F` and `I` on a million rows took reef past
/// 32 MB without it (measured in `Benchmarks/REEF-SPEED.md`).
final class SQLiteHeapLimitTests: XCTestCase {
    func testOpeningADatabaseBoundsSQLitesHeapAndQueriesStillAnswerInFull() throws {
        let fixture = try BrowserFixture()
        defer { fixture.remove() }
        let database = try fixture.open(readOnly: true)
        XCTAssertEqual(try database.scalar("PRAGMA soft_heap_limit"), .integer(Int64(DatabaseOpener.sqliteHeapLimit)))
        XCTAssertEqual(DatabaseOpener.sqliteHeapLimit, 2 * 1_048_576)
        // A grouped, windowed pass over more rows than the limit holds still answers exactly.
        let sql: SQL = """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200000)
            SELECT count(*), sum(c), max(g) FROM (SELECT i % 50000 AS v, count(*) AS c, count(*) OVER () AS g FROM n GROUP BY 1)
            """
        XCTAssertEqual(try database.fetchRows(sql).rows, [[.integer(50_000), .integer(200_000), .integer(50_000)]])
    }
}
