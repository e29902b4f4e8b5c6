import Foundation
import ORMCore
import XCTest
@testable import Browser

/// A statement's rows with long values come into reef's copy (``ResultStore``) exactly, byte for
/// byte, and the only copies of a long value on the way are SQLite's own: the statement's read of
/// it and the record the store's insert writes (no `String`, `Data` or bound copy beside). The
/// grid reads the copy's long values cut, as it reads a table's.
final class ResultStoreLongValuesTests: XCTestCase {
    /// The bytes of each long value.
    private let size = 4 << 20

    /// A file database whose `t` holds a short row, then a row of a long text (with a byte that is
    /// not UTF-8 in it) and a long blob.
    private func database() throws -> Database {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reef-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        let database = try Database(path: directory.appendingPathComponent("long.db").path)
        try database.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT, data BLOB)")
        var text = Data(repeating: UInt8(ascii: "x"), count: size)
        text[size / 2] = 0xFF
        let blob = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        try database.execute("INSERT INTO t VALUES (1, 'short', x'0102'), (2, CAST(? AS TEXT), ?)", text, blob)
        return database
    }

    /// Each row's values as their storage class and bytes, in order.
    private func exactRows(_ database: Database, table: String) throws -> [[SQLValue]] {
        try database.fetchAll(SQL("SELECT typeof(body), CAST(body AS BLOB), typeof(data), data FROM " + quoteIdentifier(table) + " ORDER BY rowid"))
    }

    func testLongValuesAreStoredByteForByte() throws {
        let database = try database()
        let rows = try XCTUnwrap(try StatementRunner(database: database).run("SELECT * FROM t").rows)
        XCTAssertEqual(rows.count, 2)
        let store = try XCTUnwrap(rows.source.resultStore)
        XCTAssertEqual(try exactRows(store.database, table: ResultStore.tableName), try exactRows(database, table: "t"))
    }

    /// Before: each long value was held four times at once (SQLite's read, ORMCore's `String` or
    /// `Data`, the bind's copy, the insert's record); SQLite's heap alone held three.
    func testALongValueIsHeldTwiceOnItsWayIntoTheStore() throws {
        let database = try database()
        let runner = StatementRunner(database: database)
        _ = try runner.run("SELECT * FROM t WHERE id = 1")  // the schema read, the statements prepared
        SQLiteMemory.resetPeak()
        let before = SQLiteMemory.used
        _ = try runner.run("SELECT * FROM t")
        let peak = SQLiteMemory.peak - before
        // The row's two values read by the statement, and the store's record of them.
        XCTAssertLessThan(peak, 2 * (2 * size) + (2 << 20), "a long value was copied beyond SQLite's two copies")
    }

    /// A long blob that ends the row is inserted as a zeroblob and written into the store a piece
    /// at a time: held once, by the statement's read (before: twice, the insert's record too).
    func testALongBlobEndingTheRowIsHeldOnce() throws {
        let database = try database()
        let runner = StatementRunner(database: database)
        _ = try runner.run("SELECT id, data FROM t WHERE id = 1")
        SQLiteMemory.resetPeak()
        let before = SQLiteMemory.used
        let rows = try XCTUnwrap(try runner.run("SELECT id, body AS text, data FROM t").rows)
        let peak = SQLiteMemory.peak - before
        // The text's two copies (the read, the record) and the blob's one.
        XCTAssertLessThan(peak, 3 * size + (2 << 20), "the blob was copied into the insert's record")
        let store = try XCTUnwrap(rows.source.resultStore)
        XCTAssertEqual(try store.database.fetchAll("SELECT typeof(text), CAST(text AS BLOB), typeof(data), data FROM query ORDER BY rowid"),
                       try database.fetchAll("SELECT typeof(body), CAST(body AS BLOB), typeof(data), data FROM t ORDER BY rowid"))
        SQLiteMemory.resetPeak()
        let blobOnly = SQLiteMemory.used
        _ = try runner.run("SELECT data FROM t")
        XCTAssertLessThan(SQLiteMemory.peak - blobOnly, size + (2 << 20), "the blob was copied into the insert's record")
    }

    /// The grid's rows while the statement's rows still arrive: long values cut to their start,
    /// read so (before: read whole, then cut).
    func testTheGridReadsTheStoresLongValuesCut() throws {
        let store = try ResultStore(columns: ["v"], kinds: [.text], statement: "SELECT v FROM t")
        let fill = ResultFill()
        let writer = ResultStoreWriter(store: store, progress: ProgressCounter(), fill: fill)
        let source = FillingSource(store: store, fill: fill, stop: {})
        // "é" starts at the grid's last kept byte: the cut ends before it.
        let text = String(repeating: "y", count: GridValue.keptTextBytes - 1) + "é" + String(repeating: "z", count: size)
        try writer.append(StatementRunRow(values: [.text(text)]))
        try writer.flush()
        SQLiteMemory.resetPeak()
        let before = SQLiteMemory.used
        let values = try source.rows(0..<1).first?.values
        XCTAssertLessThan(SQLiteMemory.peak - before, 1 << 20, "the value was read whole")
        guard case .longText(let prefix, let byteCount) = values?.first else {
            return XCTFail("not cut: \(String(describing: values))")
        }
        XCTAssertEqual(byteCount, text.utf8.count)
        XCTAssertEqual(prefix, String(repeating: "y", count: GridValue.keptTextBytes - 1), "cut at a character's end")
    }
}
