import Foundation
import PostgresClient
import PostgresTestSupport
import XCTest

@_spi(ModelSupport) @testable import ORMCore
@_spi(ModelSupport) @testable import ORMPostgreSQL
@_spi(ModelSupport) @testable import ORMSQLite
@_spi(ModelSupport) @testable import ORMShared

/// `forEachServerPage` reads a query's rows through a server cursor a page at a time, and its
/// ``ServerValuePieces`` reads a long value by key a piece a round trip, in the same snapshot.
final class PostgresServerPagesTests: XCTestCase {
    func testRowsComeAPageAtATimeAndValuesAPieceAtATime() throws {
        let conninfo = try makePostgresDatabase("pages")
        try PGConnection(conninfo).executeScript("""
            CREATE TABLE docs (id bigint PRIMARY KEY, body text, data bytea);
            INSERT INTO docs SELECT i, repeat('é', i * 100), decode(repeat('0a', i * 100), 'hex') FROM generate_series(1, 5) AS i;
            """)
        let db = try Database(url: conninfo)
        var pages: [[Int64]] = []
        var texts: [String] = []
        var pieceSizes: [Int] = []
        try db.forEachServerPage("SELECT id, octet_length(body) FROM docs WHERE id > \(1) ORDER BY id DESC", size: 2) { rows, pieces in
            pages.append(rows.map { if case .integer(let id) = $0[0] { id } else { -1 } })
            for row in rows {
                var text = ""
                let count = try pieces.forEachPiece(table: "docs", column: "body", keyColumns: ["id"], key: [row[0]], length: 150) { piece in
                    if case .text(let part) = piece { text += part }
                }
                XCTAssertEqual(count, Int((row[0].integerValue * 100 + 149) / 150))
                XCTAssertEqual(row[1], .integer(row[0].integerValue * 200), "the size, in bytes")
                texts.append(text)
            }
            try pieces.forEachPiece(table: "docs", column: "data", keyColumns: ["id"], key: [rows[0][0]], length: 128) { piece in
                if case .blob(let bytes) = piece { pieceSizes.append(bytes.count) }
            }
            return true
        }
        XCTAssertEqual(pages, [[5, 4], [3, 2]])
        XCTAssertEqual(texts, [500, 400, 300, 200].map { String(repeating: "é", count: $0) })
        XCTAssertEqual(pieceSizes, [128, 128, 128, 116, 128, 128, 44], "no piece longer than asked")
    }

    func testANullValueOrAGoneRowHasNoPieces() throws {
        let conninfo = try makePostgresDatabase("pages")
        try PGConnection(conninfo).executeScript("CREATE TABLE docs (id bigint PRIMARY KEY, body text); INSERT INTO docs VALUES (1, NULL);")
        let db = try Database(url: conninfo)
        try db.forEachServerPage("SELECT id FROM docs", size: 10) { _, pieces in
            XCTAssertEqual(try pieces.forEachPiece(table: "docs", column: "body", keyColumns: ["id"], key: [.integer(1)], length: 10) { _ in }, 0)
            XCTAssertEqual(try pieces.forEachPiece(table: "docs", column: "body", keyColumns: ["id"], key: [.integer(9)], length: 10) { _ in }, 0)
            return false
        }
    }
}

extension SQLValue {
    /// The integer held, 0 for anything else (the tests' keys).
    fileprivate var integerValue: Int64 {
        if case .integer(let value) = self { value } else { 0 }
    }
}
