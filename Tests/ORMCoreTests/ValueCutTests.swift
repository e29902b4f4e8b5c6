import Foundation
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// A query cutting values in a SQLite rowid table reads long texts and blobs without SQLite
/// loading them whole (``ValueCut``): SQLite's heap never holds a long value.
final class ValueCutTests: XCTestCase {
    /// Megabytes of text and of blob the long row holds.
    private let megabytes = 8

    /// A rowid table with one long text, one long blob and short values.
    // SQLite's alone: its incremental blob I/O, on a file of its own in both runs of this target
    // (PostgreSQL cuts values on the server, `PostgresValuePrefixTests`).
    private func table() throws -> (Database, DynamicTable) {
        let db = try Database(path: try temporaryDatabasePath(self))
        try db.execute("CREATE TABLE doc (id INTEGER PRIMARY KEY, body TEXT, data BLOB, n INTEGER)")
        try db.execute(
            "INSERT INTO doc VALUES (1, ?, ?, 7), (2, 'tiny', x'0102', 8), (3, NULL, 2.5, NULL), (4, ?, x'', 9)",
            String(repeating: "é", count: megabytes << 19), Data(repeating: 0xAB, count: megabytes << 20),
            String(repeating: "z", count: 12))
        return (db, try db.table("doc"))
    }

    /// The long values come back cut (a text at a character boundary) with their sizes, short ones
    /// and numbers whole.
    func testACutQueryKeepsTheStartAndSizeOfLongValues() throws {
        let (_, table) = try table()
        let rows = try table.query(cuttingValuesAt: 11).orderBy("id").fetch()
        XCTAssertEqual(rows.map(\.values), [
            [.integer(1), .text(String(repeating: "é", count: 5)), .blob(Data(repeating: 0xAB, count: 11)), .integer(7)],
            [.integer(2), .text("tiny"), .blob(Data([1, 2])), .integer(8)],
            [.integer(3), .null, .real(2.5), .null],
            [.integer(4), .text(String(repeating: "z", count: 11)), .blob(Data()), .integer(9)],
        ])
        XCTAssertEqual(rows.map(\.fullSizes), [[1: megabytes << 20, 2: megabytes << 20], [:], [:], [1: 12]])
    }

    /// Reading the rows cut leaves SQLite's heap peak below half a long value (before: each long
    /// value was loaded whole for the moment of the read).
    func testACutQueryDoesNotLoadLongValues() throws {
        let (_, table) = try table()
        let query = table.query(cuttingValuesAt: 1_024)
        _ = try query.where("id = 2").fetch()  // the statement's schema and pages read once
        SQLiteMemory.resetPeak()
        let before = SQLiteMemory.used
        let rows = try query.batch(2).fetch()
        XCTAssertEqual(rows.count, 4)
        XCTAssertEqual(rows[0].fullSizes, [1: megabytes << 20, 2: megabytes << 20])
        // The page cache (2 MiB) may fill as pages are read; a long value is 8 MiB.
        XCTAssertLessThan(SQLiteMemory.peak - before, 4 << 20, "SQLite held a long value whole")
    }
}
