import Foundation
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// `runStatement(_:borrowingValuesOver:…)` hands long texts and blobs over in place, and
/// `execute(_:arguments:borrowed:)` binds them in place: copied from one database into another,
/// they arrive byte for byte, text that is not UTF-8 included.
final class BorrowedValuesTests: XCTestCase {
    /// A SQLite file with `t` holding a short row and a row of a 200 KB text that is not valid
    /// UTF-8 and a 200 KB blob.
    private func source() throws -> Database {
        let db = try Database(path: try temporaryDatabasePath(self, name: "source.sqlite"))
        try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT, data BLOB)")
        var text = Data(repeating: UInt8(ascii: "a"), count: 200_000)
        text[100_000] = 0xFE
        try db.execute("INSERT INTO t VALUES (1, 'short', x'01'), (2, CAST(? AS TEXT), ?)", text, Data(repeating: 7, count: 200_000))
        return db
    }

    func testLongValuesAreHandedOverInPlaceAndCopiedExactly() throws {
        // SQLite's alone: PostgreSQL's rows come whole (libpq reads a row whole).
        guard TestDatabaseKind.current == .sqlite else { return }
        let source = try source()
        let copy = try Database(path: try temporaryDatabasePath(self, name: "copy.sqlite"))
        try copy.execute("CREATE TABLE t (id, body, data)")
        var borrowedColumns: [[Int]] = []
        _ = try source.runStatement("SELECT * FROM t ORDER BY id", borrowingValuesOver: 65_536, columns: { _ in }, row: { row in
            borrowedColumns.append(row.borrowed.keys.sorted())
            XCTAssertEqual(row.borrowed[1]?.kind, row.borrowed.isEmpty ? nil : .text)
            try copy.execute("INSERT INTO t VALUES (?, ?, ?)", arguments: row.values, borrowed: row.borrowed)
        })
        XCTAssertEqual(borrowedColumns, [[], [1, 2]], "the short row is copied, the long values are not")
        let exact: SQL = "SELECT id, typeof(body), CAST(body AS BLOB), typeof(data), data FROM t ORDER BY id"
        XCTAssertEqual(try copy.fetchAll(exact), try source.fetchAll(exact))
        XCTAssertEqual(try copy.scalar("SELECT count(*) FROM t"), .integer(2))
    }

    func testWithoutALimitEveryValueIsCopied() throws {
        guard TestDatabaseKind.current == .sqlite else { return }
        var borrowed = 0
        _ = try source().runStatement("SELECT * FROM t", borrowingValuesOver: nil, columns: { _ in }, row: { borrowed += $0.borrowed.count })
        XCTAssertEqual(borrowed, 0)
    }
}
