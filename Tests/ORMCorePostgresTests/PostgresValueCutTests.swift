import Foundation
import PostgresClient
import PostgresTestSupport
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// A query that cuts long values cuts them on the PostgreSQL server (``ServerValueCut``): what
/// comes back for a long text or `bytea` is its start and its size, a few bytes past the limit,
/// never the value (before, libpq received every value whole and ORMCore cut it after).
final class PostgresValueCutTests: XCTestCase {
    func testLongValuesAreCutOnTheServer() throws {
        let conninfo = try makePostgresDatabase("cut")
        try PGConnection(conninfo).executeScript("""
            CREATE TABLE docs (id bigint PRIMARY KEY, body text, data bytea, name varchar(10), n integer, tags text[]);
            INSERT INTO docs VALUES (1, 'Z' || chr(1) || '9 ' || repeat('€', 100000), decode(repeat('00ff', 150000), 'hex'), 'one', 5, '{a,b}'),
              (2, 'short', '\\x0102', NULL, NULL, NULL), (3, NULL, NULL, 'three', 3, NULL);
            """)
        let db = try Database(url: conninfo)
        let query = try db.table("docs").query(cuttingValuesAt: 100).orderBy("id")
        // What the statement sends back: no value much longer than the limit.
        for row in try db.fetchAll(try query.selectStatement()) {
            for value in row {
                switch value {
                case .text(let text): XCTAssertLessThanOrEqual(text.utf8.count, 100 * 3 + 1 + 20)
                case .blob(let data): XCTAssertLessThanOrEqual(data.count, 100 + 8)
                default: break
                }
            }
        }
        let records = try query.fetch()
        XCTAssertEqual(records.count, 3)
        let long = records[0]
        XCTAssertEqual(long.fullSizes[1], 4 + 300_000, "the text's size in bytes")
        XCTAssertEqual(long.fullSizes[2], 300_000)
        guard case .text(let start) = long.values[1], case .blob(let bytes) = long.values[2] else {
            return XCTFail("\(long.values)")
        }
        XCTAssertEqual(start, "Z\u{1}9 " + String(repeating: "€", count: 32), "100 bytes, whole characters, a U+0001 kept")
        XCTAssertEqual(Array(bytes.prefix(4)), [0, 255, 0, 255])
        XCTAssertLessThanOrEqual(bytes.count, 100)
        XCTAssertEqual(records[1].values[1...3], [.text("short"), .blob(Data([1, 2])), .null], "short values as they are")
        XCTAssertEqual(records[1].fullSizes, [:])
        XCTAssertEqual(records[0].values[5], .text("{a,b}"), "an array is read as it is")
        XCTAssertEqual(records[2].values[3], .text("three"))
        XCTAssertEqual(records[2].values[4], .integer(3))
    }
}
