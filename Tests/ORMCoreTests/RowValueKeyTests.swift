import Foundation
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// `orm_row_value_key` reads a value by rowid, 64 KiB at a time, and gives exactly the key
/// `orm_value_key` makes of the value read whole (``ValueKey``): short values as themselves, long
/// ones as their start (a text's at a character boundary), size and hash.
final class RowValueKeyTests: XCTestCase {
    func testTheKeyReadByRowIDIsTheKeyOfTheWholeValue() throws {
        guard TestDatabaseKind.current == .sqlite else { return }
        let db = try Database(path: try temporaryDatabasePath(self))
        try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v)")
        let long = String(repeating: "a", count: 1_023) + "é" + String(repeating: "b", count: 200_000)
        var blob = Data(repeating: 9, count: 150_000)
        blob[149_999] = 1
        try db.execute("INSERT INTO t (v) VALUES (?), (?), ('short'), (x'0102'), (''), (x''), (NULL), (42), (?)",
                       long, blob, String(repeating: "é", count: 512))
        let sql: SQL = """
            SELECT typeof(v), \(raw: RowValueKey.functionName)('t', 'v', id, 1024, typeof(v)), \
            \(raw: ValueKey.functionName)(v, 1024) FROM t ORDER BY id
            """
        let rows = try db.fetchAll(sql)
        XCTAssertEqual(rows.count, 9)
        for row in rows {
            if row[0] == .text("text") || row[0] == .text("blob") {
                XCTAssertEqual(row[1], row[2], "\(row[0])")
            } else {
                XCTAssertEqual(row[1], .null, "a NULL or a number is not read by rowid")
            }
        }
        XCTAssertEqual(rows[2][1], .text("short"))
        XCTAssertEqual(rows[3][1], .blob(Data([1, 2])))
        XCTAssertEqual(rows[4][1], .text(""))
        XCTAssertEqual(rows[5][1], .blob(Data()))
        XCTAssertEqual(ValueKey.decode(rows[0][1], limit: 1_024)?.size, long.utf8.count)
    }

    /// The value is never loaded whole: SQLite's heap holds a chunk of it.
    func testALongValueIsReadInChunks() throws {
        guard TestDatabaseKind.current == .sqlite else { return }
        let db = try Database(path: try temporaryDatabasePath(self))
        try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v)")
        try db.execute("INSERT INTO t (v) VALUES (?)", String(repeating: "x", count: 4 << 20))
        let sql: SQL = "SELECT \(raw: RowValueKey.functionName)('t', 'v', id, 1024, typeof(v)) FROM t"
        _ = try db.fetchAll(sql)
        SQLiteMemory.resetPeak()
        let before = SQLiteMemory.used
        XCTAssertEqual(ValueKey.decode(try db.fetchAll(sql)[0][0], limit: 1_024)?.size, 4 << 20)
        XCTAssertLessThan(SQLiteMemory.peak - before, 1 << 20, "the value was loaded whole")
    }
}
