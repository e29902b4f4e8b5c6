import Foundation
import PostgresClient
import PostgresTestSupport
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// `valuePrefix` on PostgreSQL: the first bytes of a long value and its size, cut by the server,
/// the row found by its integer key.
final class PostgresValuePrefixTests: XCTestCase {
    func testTheFirstBytesOfALongValueAndItsSize() throws {
        let conninfo = try makePostgresDatabase("prefix")
        try PGConnection(conninfo).executeScript("""
            CREATE TABLE docs (id bigint PRIMARY KEY, body text, data bytea, doc jsonb, n integer);
            INSERT INTO docs VALUES (1, repeat('Zoë ', 100000), decode(repeat('00ff', 300000), 'hex'), '{"a": "bcd"}', 7),
              (2, NULL, NULL, NULL, NULL);
            """)
        let db = try Database(url: conninfo)
        let text = try XCTUnwrap(try db.valuePrefix(table: "docs", column: "body", rowID: 1, count: 8))
        XCTAssertEqual(text.size, 500_000, "Zoë and a space are 5 bytes")
        XCTAssertEqual(text.bytes, Array("Zoë Zo".utf8) + [0xC3], "eight bytes, the last character cut where they end")
        let bytes = try XCTUnwrap(try db.valuePrefix(table: "docs", column: "data", rowID: 1, count: 3))
        XCTAssertEqual(bytes.bytes, [0x00, 0xFF, 0x00])
        XCTAssertEqual(bytes.size, 600_000)
        let json = try XCTUnwrap(try db.valuePrefix(table: "docs", column: "doc", rowID: 1, count: 5))
        XCTAssertEqual(String(decoding: json.bytes, as: UTF8.self), #"{"a":"#)
        XCTAssertEqual(json.size, 12)
        XCTAssertNil(try db.valuePrefix(table: "docs", column: "body", rowID: 2, count: 10), "NULL")
        XCTAssertNil(try db.valuePrefix(table: "docs", column: "body", rowID: 3, count: 10), "no such row")
        XCTAssertNil(try db.valuePrefix(table: "docs", column: "nope", rowID: 1, count: 10), "no such column")
    }
}
