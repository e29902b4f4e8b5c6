import Foundation
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// A long value's key (``ValueKey``) ends with the SHA-256 of all its bytes, hashed in pieces
/// (``SHA256/Hasher``): two long values that share their start and size are one key only when
/// they are equal. Before, the key ended with a 128-bit non-cryptographic hash (two FNV-1a), which
/// two different values could share, and `F` and `I` then counted them as one.
final class ValueKeyDigestTests: XCTestCase {
    /// The SHA-256 of `bytes`, added in pieces of `piece` bytes, in hex.
    private func digest(_ bytes: [UInt8], inPiecesOf piece: Int) -> String {
        var hasher = SHA256.Hasher()
        var offset = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + piece)
            bytes[offset..<end].withUnsafeBytes { hasher.add($0) }
            offset = end
        }
        return Hex.encode(hasher.finish())
    }

    func testTheHasherGivesFIPSDigestsWhateverThePieces() {
        let abc = Array("abc".utf8)
        let million = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        for piece in [1, 3, 63, 64, 65, 1_000, 1 << 20] {
            XCTAssertEqual(digest(abc, inPiecesOf: piece), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
            XCTAssertEqual(digest(million, inPiecesOf: piece),
                           "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0", "pieces of \(piece)")
        }
        XCTAssertEqual(digest([], inPiecesOf: 1), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(SHA256.hexDigest(abc), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    /// Two values with the same first KiB and size: their keys carry each one's SHA-256, made
    /// whole (`orm_value_key`) and by rowid 64 KiB at a time (`orm_row_value_key`) alike.
    func testALongValuesKeyCarriesItsSHA256() throws {
        guard TestDatabaseKind.current == .sqlite else { return }
        let db = try Database(path: try temporaryDatabasePath(self))
        try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v)")
        let start = String(repeating: "p", count: 1_024)
        let first = start + String(repeating: "x", count: 100_000)
        let second = start + String(repeating: "x", count: 99_999) + "y"
        let blob = [UInt8](repeating: 7, count: 100_000)
        var otherBlob = blob
        otherBlob[99_999] = 8
        try db.execute("INSERT INTO t (v) VALUES (?), (?), (?), (?)", first, second, Data(blob), Data(otherBlob))
        let sql: SQL = """
            SELECT \(raw: ValueKey.functionName)(v, 1024), \
            \(raw: RowValueKey.functionName)('t', 'v', id, 1024, typeof(v)) FROM t ORDER BY id
            """
        let rows = try db.fetchAll(sql)
        let texts = [first, second].map { Array($0.utf8) }
        for (index, bytes) in (texts + [blob, otherBlob]).enumerated() {
            let sha = Hex.encode(SHA256.digest(bytes))
            XCTAssertEqual(rows[index][0], rows[index][1], "row \(index + 1): whole and by rowid")
            switch rows[index][0] {
            case .text(let key):
                XCTAssertTrue(key.hasSuffix(sha), "row \(index + 1): \(key.suffix(64))")
                XCTAssertEqual(ValueKey.decode(.text(key), limit: 1_024)?.size, bytes.count)
            case .blob(let key):
                XCTAssertEqual(Hex.encode(key.suffix(32)), sha, "row \(index + 1)")
                XCTAssertEqual(ValueKey.decode(.blob(key), limit: 1_024)?.size, bytes.count)
                XCTAssertEqual(Array(key.prefix(1_024)), [UInt8](repeating: 7, count: 1_024))
            default:
                XCTFail("row \(index + 1): \(rows[index][0])")
            }
        }
        XCTAssertNotEqual(rows[0][0], rows[1][0])
        XCTAssertNotEqual(rows[2][0], rows[3][0])
        let groups = try db.fetchAll("SELECT count(*) FROM t GROUP BY \(raw: ValueKey.functionName)(v, 1024)")
        XCTAssertEqual(groups.count, 4)
    }
}
