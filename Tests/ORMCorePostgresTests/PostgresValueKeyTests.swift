import Foundation
import PostgresClient
import PostgresTestSupport
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// A long text's or `bytea`'s key made on the PostgreSQL server (``ServerValueKey``): a few bytes
/// past the limit, never the value; its start, size and SHA-256 those SQLite's key
/// (``ValueKey``) gives the same value; and the condition made of its size and digest keeps
/// exactly the rows holding that value.
final class PostgresValueKeyTests: XCTestCase {
    func testALongValuesKeyIsMadeOnTheServer() throws {
        let conninfo = try makePostgresDatabase("value_key")
        let text = "Zoë " + String(repeating: "ab€", count: 50_000)
        let bytes = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 13) })
        let db = try Database(url: conninfo)
        try db.execute("CREATE TABLE docs (id bigint PRIMARY KEY, body text, data bytea)")
        try db.execute("INSERT INTO docs VALUES (1, ?, ?), (2, ?, ?), (3, 'short', '\\x01')", text, bytes, text + "!", bytes + Data([1]))
        let sqlite = try Database(path: ":memory:")
        for (column, kind, value) in [("body", LongValueKind.text, SQLValue.text(text)), ("data", .blob, .blob(bytes))] {
            let keys = try db.fetchAll("SELECT \(sql: ServerValueKey.select(column, kind: kind, limit: 100)) FROM docs ORDER BY id")
            XCTAssertEqual(keys[2][0], column == "body" ? .text("short") : .blob(Data([1])), "a short value is itself")
            for key in keys.prefix(2) {
                switch key[0] {
                case .text(let key): XCTAssertLessThanOrEqual(key.utf8.count, 4 * 100 + ServerValueKey.longestTail)
                case .blob(let key): XCTAssertLessThanOrEqual(key.count, 100 + ServerValueKey.longestTail)
                default: XCTFail("\(key)")
                }
            }
            let decoded = try XCTUnwrap(ServerValueKey.decode(keys[0][0], kind: kind, limit: 100), column)
            // SQLite's key of the same value: the same start, size and digest.
            let local = try XCTUnwrap(try sqlite.fetchAll("SELECT orm_value_key(?, 100)", value).first?.first)
            let (start, size) = try XCTUnwrap(ValueKey.decode(local, limit: 100))
            XCTAssertEqual(decoded.start, start, column)
            XCTAssertEqual(decoded.size, size, column)
            let digest = switch local {
            case .text(let key): Data(Hex.decode(String(decoding: key.utf8.suffix(64), as: UTF8.self)) ?? [])
            case .blob(let key): Data(key.suffix(32))
            default: Data()
            }
            XCTAssertEqual(decoded.digest, digest, column)
            let matching = ServerValueKey.matching(column, kind: kind, size: decoded.size, digest: decoded.digest)
            XCTAssertEqual(try db.fetchAll("SELECT id FROM docs WHERE \(sql: matching)"), [[.integer(1)]], column)
        }
    }

    /// PostgreSQL 10 and older have no `sha256`: their keys end with the server's MD5 (16 bytes),
    /// decode with it, and keep exactly the rows of their value; the digest is chosen by the
    /// server's version.
    func testAKeyEndsWithMD5WhereTheServerHasNoSHA256() throws {
        XCTAssertEqual(ServerValueKey.Digest.forServer(version: 100_023), .md5)
        XCTAssertEqual(ServerValueKey.Digest.forServer(version: 110_000), .sha256)
        let conninfo = try makePostgresDatabase("value_key_md5")
        let db = try Database(url: conninfo)
        XCTAssertEqual(try ServerValueKey.Digest.of(db), .sha256, "the tests' server is newer than 10")
        let text = "Zoë " + String(repeating: "ab€", count: 50_000)
        let bytes = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 13) })
        try db.execute("CREATE TABLE docs (id bigint PRIMARY KEY, body text, data bytea)")
        try db.execute("INSERT INTO docs VALUES (1, ?, ?), (2, ?, ?)", text, bytes, text + "!", bytes + Data([1]))
        for (column, kind) in [("body", LongValueKind.text), ("data", .blob)] {
            let key = try XCTUnwrap(try db.fetchAll(
                "SELECT \(sql: ServerValueKey.select(column, kind: kind, limit: 100, digest: .md5)) FROM docs WHERE id = 1").first?.first)
            if kind == .text {
                XCTAssertNil(ServerValueKey.decode(key, kind: kind, limit: 100), "a text's MD5 key is no SHA-256 key")
            }
            let decoded = try XCTUnwrap(ServerValueKey.decode(key, kind: kind, limit: 100, digest: .md5), column)
            XCTAssertEqual(decoded.size, column == "body" ? text.utf8.count : bytes.count, column)
            let bytesOf: SQL = column == "body" ? "convert_to(body, 'UTF8')" : "data"
            let md5 = try db.fetchAll("SELECT decode(md5(\(sql: bytesOf)), 'hex') FROM docs WHERE id = 1").first?.first
            XCTAssertEqual(md5, .blob(decoded.digest), column)
            let matching = ServerValueKey.matching(column, kind: kind, size: decoded.size, digest: decoded.digest)
            XCTAssertEqual(try db.fetchAll("SELECT id FROM docs WHERE \(sql: matching)"), [[.integer(1)]], column)
        }
    }
}
