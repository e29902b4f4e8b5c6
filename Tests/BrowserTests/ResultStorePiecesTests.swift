import Foundation
import ORMCore
import XCTest
@testable import Browser

/// A statement typed at the SQL prompt that SQLite shows to be a plain projection of one rowid
/// table comes into reef's copy (``ResultStore``) with its long blobs and texts read by rowid a
/// piece at a time: the same rows, in the same order, of the same types and bytes as the
/// statement's, a long blob never whole in memory, a long text only in the record the store
/// writes. Any other statement is run as typed.
final class ResultStorePiecesTests: XCTestCase {
    /// The bytes of the long values.
    private let size = 4 << 20

    /// A file database whose `t` holds a short row, a row of a long text and a long blob, an empty
    /// text beside a blob exactly at the cut, NULLs beside a blob one byte over it; a view over it.
    private func database() throws -> Database {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reef-pieces-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        let database = try Database(path: directory.appendingPathComponent("long.db").path)
        try database.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, body TEXT, data BLOB)")
        let cut = ResultStoreWriter.borrowedBytes
        try database.execute("""
            INSERT INTO t VALUES (1, 'a', 'short', x'0102'), (2, 'b', ?, ?), (3, 'c', '', ?), (4, NULL, NULL, ?)
            """, String(repeating: "x", count: size), Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7) }),
            Data(repeating: 3, count: cut), Data(repeating: 4, count: cut + 1))
        try database.execute("CREATE VIEW v AS SELECT * FROM t")
        return database
    }

    func testTheStoreHoldsTheStatementsRowsExactly() throws {
        let database = try database()
        let statements = [
            "SELECT * FROM t",
            "select id, data from t where id > 1 order by name desc",
            "SELECT data, id FROM t ORDER BY id LIMIT 2 OFFSET 1",
            "SELECT length(data) AS n, t.data, 'x' || name, body FROM t AS t ORDER BY id DESC",
            "SELECT name, data FROM t WHERE data IS NOT NULL AND id >= 3",
            "SELECT body, id FROM t", "SELECT id, body FROM t", "SELECT data, body, id FROM t ORDER BY id DESC",
            // Not plain projections: run as typed.
            "SELECT * FROM v", "SELECT DISTINCT data FROM t", "SELECT a.id, b.data FROM t AS a JOIN t AS b ON a.id = b.id",
            "SELECT data, count(*) FROM t GROUP BY data",
        ]
        for sql in statements {
            let rows = try XCTUnwrap(try StatementRunner(database: database).run(sql).rows, sql)
            let store = try XCTUnwrap(rows.source.resultStore)
            let stored = try store.database.fetchAll("SELECT * FROM query ORDER BY rowid")
            XCTAssertEqual(stored, try database.fetchAll(SQL(sql)), sql)
            XCTAssertEqual(store.columnNames.count, stored.first?.count, sql)
        }
    }

    /// Each value's type and bytes, texts that are not UTF-8 included (which a `SQLValue` repairs).
    func testTheStoreHoldsEachValuesTypeAndBytes() throws {
        let database = try database()
        let long = Data(repeating: 0x61, count: size) + Data([0xFF, 0xC3]) + Data(repeating: 0x62, count: 10)
        try database.execute("INSERT INTO t VALUES (5, CAST(? AS TEXT), CAST(? AS TEXT), ?)", Data([0x41, 0xFE]), long,
                             Data(repeating: 9, count: 100_000))
        for sql in ["SELECT * FROM t", "SELECT body, name, id FROM t WHERE id >= 2", "SELECT id, body FROM t ORDER BY id DESC"] {
            let rows = try XCTUnwrap(try StatementRunner(database: database).run(sql).rows, sql)
            let store = try XCTUnwrap(rows.source.resultStore)
            // The statements' columns have names of their own (no `id:2`): the same list reads both.
            let list = { (table: String) in
                store.columnNames.map { "typeof(\(table).\(quoteIdentifier($0))), hex(\(table).\(quoteIdentifier($0)))" }
                    .joined(separator: ", ")
            }
            let storedSQL = "SELECT \(list("query")) FROM query ORDER BY rowid"
            let expectedSQL = "SELECT \(list("q")) FROM (\(sql)) AS q"
            let stored = try store.database.fetchAll(SQL(storedSQL))
            let expected = try database.fetchAll(SQL(expectedSQL))
            XCTAssertEqual(stored, expected, sql)
        }
    }

    /// Before: the statement loaded the blob and the text when it stepped to their row (`select *`:
    /// the text twice, the blob once; `select id, data`: the blob once), and then the text alone
    /// (the plain projections read long blobs by rowid, not texts).
    func testALongBlobIsNeverWholeInMemory() throws {
        let database = try database()
        let runner = StatementRunner(database: database)
        _ = try runner.run("SELECT * FROM t WHERE id = 1")  // the schema read, the statements prepared
        SQLiteMemory.resetPeak()
        var before = SQLiteMemory.used
        _ = try runner.run("SELECT * FROM t")
        // The store's record of the text (SQLite builds a record whole), not the statement's read
        // of it, nor the blob.
        XCTAssertLessThan(SQLiteMemory.peak - before, size + (2 << 20), "the text or the blob was loaded")
        SQLiteMemory.resetPeak()
        before = SQLiteMemory.used
        _ = try runner.run("SELECT body, id FROM t")
        XCTAssertLessThan(SQLiteMemory.peak - before, size + (2 << 20), "the statement loaded the text")
        SQLiteMemory.resetPeak()
        before = SQLiteMemory.used
        let rows = try XCTUnwrap(try runner.run("SELECT id, data FROM t").rows)
        XCTAssertLessThan(SQLiteMemory.peak - before, 2 << 20, "the blob was loaded")
        XCTAssertEqual(try rows.source.resultStore?.database.fetchAll("SELECT * FROM query ORDER BY rowid"),
                       try database.fetchAll("SELECT id, data FROM t"))
    }
}
