import Foundation
import ORMCore
import XCTest
@testable import Browser

/// A search (`/`) through long values holds no long value more than once: a long blob in a table
/// with a rowid, and every text there when the table holds values over their page, are read
/// 64 KiB at a time (``ORMCore/ValueContains``), never loaded whole nor copied by `lower()`; a
/// table of short values keeps `LIKE` for its texts, twice as fast.
final class LongValueSearchTests: XCTestCase {
    /// The bytes of each long value.
    private let size = 4 << 20

    /// A file database whose table `t` holds a long blob with `NeEdLe` across the first 64 KiB
    /// boundary (row 1), a long blob without it (row 2) and a long text ending with it (row 3).
    private func database() throws -> Database {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reef-long-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        let database = try Database(path: directory.appendingPathComponent("long.db").path)
        try database.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v)")
        var found = Data(count: size)
        found.replaceSubrange(65_533..<65_539, with: Data("NeEdLe".utf8))
        try database.execute("INSERT INTO t VALUES (1, ?), (2, ?), (3, ?)", found, Data(count: size),
                             String(repeating: "x", count: size - 6) + "NEEDLE")
        return database
    }

    /// The ids of the rows of `t` among `ids` that hold `text`, and the most SQLite's heap held
    /// beyond what it held before, in bytes.
    private func search(_ text: String, in database: Database, ids: String) throws -> (found: [SQLValue], peak: Int) {
        var sql: SQL = "SELECT id FROM t WHERE id IN (\(raw: ids)) AND ("
        sql.append(GridSearch(text: text).condition(columns: ["v"], longValues: LongValueReads(table: "t", rowID: "id", texts: true)))
        sql.append(") ORDER BY id")
        _ = try database.fetchAll(sql)  // the schema and the statement read once
        SQLiteMemory.resetPeak()
        let before = SQLiteMemory.used
        let found = try database.fetchAll(sql).map { $0[0] }
        return (found, SQLiteMemory.peak - before)
    }

    /// Long blobs are searched in chunks, the text across a chunk boundary found, in any case.
    func testALongBlobIsSearchedWithoutLoadingIt() throws {
        let database = try database()
        let (found, peak) = try search("needle", in: database, ids: "1, 2")
        XCTAssertEqual(found, [.integer(1)])
        XCTAssertLessThan(peak, 1 << 20, "a long blob was loaded")
        XCTAssertEqual(try search("nope", in: database, ids: "1, 2").found, [])
    }

    /// A long text in a table with a rowid is read in chunks too, never loaded whole (SQLite 3.40
    /// loads a text whole for `LIKE`).
    func testALongTextIsSearchedWithoutLoadingIt() throws {
        let database = try database()
        let (found, peak) = try search("needle", in: database, ids: "3")
        XCTAssertEqual(found, [.integer(3)])
        XCTAssertLessThan(peak, 1 << 20, "the text was loaded")
        XCTAssertEqual(try search("needles", in: database, ids: "3").found, [])
    }

    /// Texts, blobs, numbers and NULLs in turn: the handle kept between rows is moved, dropped
    /// at a value it cannot read and opened again, and every row is told right.
    func testMixedRowsAreEachToldRight() throws {
        let database = try database()
        try database.execute("""
            INSERT INTO t VALUES (4, 'a Needle here'), (5, NULL), (6, 12), (7, 'no'), (8, x'4E4545444C45'),
              (9, 'needle'), (10, 1.5), (11, ?), (12, 'neeDLE!')
            """, String(repeating: "y", count: 65_533) + "neEDle" + String(repeating: "y", count: 70_000))
        let ids = "4, 5, 6, 7, 8, 9, 10, 11, 12"
        let (found, peak) = try search("needle", in: database, ids: ids)
        XCTAssertEqual(found, [4, 8, 9, 11, 12].map { SQLValue.integer($0) })
        XCTAssertLessThan(peak, 1 << 20)
        XCTAssertEqual(try search("1.5", in: database, ids: ids).found, [.integer(10)])
    }

    /// Searching text without a rowid to read it by keeps `LIKE`, which finds it all the same.
    func testATextIsFoundWithoutARowID() throws {
        let database = try database()
        var sql: SQL = "SELECT id FROM t WHERE id = 3 AND ("
        sql.append(GridSearch(text: "needle").condition(columns: ["v"]))
        sql.append(")")
        XCTAssertEqual(try database.fetchAll(sql).map { $0[0] }, [.integer(3)])
    }

    /// A table's search finds a long text by what lies past the grid's prefix, without loading it.
    func testATableSearchFindsTextPastThePrefix() throws {
        let database = try database()
        try database.execute("UPDATE t SET v = 'short' WHERE id < 3")
        let source = try TableSource(table: try database.table("t"))
        _ = try source.find(GridSearch(text: "nothing"), in: 0..<3, forward: true)
        SQLiteMemory.resetPeak()
        let before = SQLiteMemory.used
        XCTAssertEqual(try source.find(GridSearch(text: "needle"), in: 0..<3, forward: true), 2)
        XCTAssertEqual(try source.find(GridSearch(text: "zzq"), in: 0..<3, forward: true), nil)
        XCTAssertEqual(try source.columns(matching: GridSearch(text: "NEEDLE"), inRow: 2), [1])
        XCTAssertLessThan(SQLiteMemory.peak - before, 1 << 20, "the text was loaded")
    }

    /// A table's search finds a row by a long blob's bytes without loading it.
    func testATableSearchReadsLongBlobsInChunks() throws {
        let database = try database()
        try database.execute("UPDATE t SET v = 'short' WHERE id = 3")
        let source = try TableSource(table: try database.table("t"))
        _ = try source.find(GridSearch(text: "nothing"), in: 0..<3, forward: true)
        SQLiteMemory.resetPeak()
        let before = SQLiteMemory.used
        XCTAssertEqual(try source.find(GridSearch(text: "needle"), in: 1..<3, forward: true), nil)
        XCTAssertEqual(try source.find(GridSearch(text: "needle"), in: 0..<3, forward: true), 0)
        XCTAssertLessThan(SQLiteMemory.peak - before, 1 << 20, "a long blob was loaded")
    }

    /// Only a table whose values spill over their page reads its texts by rowid: `dbstat` tells.
    func testOnlyATableWithValuesOverTheirPageReadsItsTextsByRowID() throws {
        let database = try database()
        try database.execute("CREATE TABLE small (id INTEGER PRIMARY KEY, v TEXT)")
        try database.execute("INSERT INTO small VALUES (1, 'a'), (2, ?)", String(repeating: "b", count: 2_000))
        let small = try TableSource(table: try database.table("small"))
        XCTAssertFalse(small.hasOverflowPages())
        XCTAssertEqual(try small.longValueReads(texts: small.hasOverflowPages())?.texts, false)
        XCTAssertEqual(try small.find(GridSearch(text: "BBB"), in: 0..<2, forward: true), 1)
        let long = try TableSource(table: try database.table("t"))
        XCTAssertTrue(long.hasOverflowPages())
        try database.execute("INSERT INTO small VALUES (3, ?)", String(repeating: "c", count: 100_000) + "end")
        XCTAssertTrue(small.hasOverflowPages(), "asked again at each search: a long value added meanwhile counts")
    }
}
