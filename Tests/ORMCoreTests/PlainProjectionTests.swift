import Foundation
import XCTest

@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// A statement run borrowing values that SQLite shows to be a plain projection of one rowid table
/// hands its long blobs, and its long texts in a table holding values too long for their page,
/// over as pieces read by rowid (``StatementRunRow/pieces``), never loaded by the statement; any
/// other statement runs as typed, its long values borrowed as before.
final class PlainProjectionTests: XCTestCase {
    /// The limit over which a value is borrowed or read in pieces.
    private let limit = 65_536

    /// A SQLite file with `t` (rows 1 to 4: row 2 a long text and a long blob, row 3 a blob of
    /// exactly the limit, row 4 one byte over it), a view over it and a table without rowid.
    private func database() throws -> Database {
        let db = try Database(path: try temporaryDatabasePath(self, name: "projection.sqlite"))
        try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, body TEXT, data BLOB)")
        try db.execute("""
            INSERT INTO t VALUES (1, 'a', 'short', x'01'), (2, 'b', ?, ?), (3, 'c', '', ?), (4, NULL, NULL, ?)
            """, String(repeating: "x", count: 200_000), Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 13) }),
            Data(repeating: 5, count: limit), Data(repeating: 6, count: limit + 1))
        try db.execute("CREATE VIEW v AS SELECT * FROM t")
        try db.execute("CREATE TABLE w (id INTEGER PRIMARY KEY, data BLOB) WITHOUT ROWID")
        try db.execute("INSERT INTO w SELECT id, data FROM t")
        return db
    }

    /// Each row of `sql` run borrowing values: its values with every borrowed or pieced value made
    /// whole, and the columns handed over as pieces.
    private func run(_ sql: String, on db: Database) throws -> (rows: [[SQLValue]], pieced: [[Int]]) {
        var rows: [[SQLValue]] = []
        var pieced: [[Int]] = []
        _ = try db.runStatement(SQL(sql), borrowingValuesOver: limit, readingBlobsInPieces: true, columns: { _ in }, row: { row in
            var values = row.values
            for (index, value) in row.borrowed {
                values[index] = value.kind == .text ? .text(String(decoding: value.bytes, as: UTF8.self)) : .blob(Data(value.bytes))
            }
            for (index, value) in row.pieces {
                var bytes = Data()
                try value.forEachPiece(bytes: 4_096) { bytes.append(contentsOf: $0) }
                XCTAssertEqual(bytes.count, value.count)
                values[index] = value.kind == .text ? .text(String(decoding: bytes, as: UTF8.self)) : .blob(bytes)
            }
            rows.append(values)
            pieced.append(row.pieces.keys.sorted())
        })
        return (rows, pieced)
    }

    func testAPlainProjectionReadsItsLongBlobsInPiecesAndGivesTheStatementsRows() throws {
        // SQLite's alone: rowid, incremental I/O and SQLite's program.
        guard TestDatabaseKind.current == .sqlite else { return }
        let db = try database()
        let statements: [(String, [[Int]])] = [
            ("SELECT * FROM t", [[], [2, 3], [], [3]]),
            ("select id, data from t where id > 1 order by name desc", [[], [1], [1]]),
            ("SELECT data, id FROM t ORDER BY id LIMIT 2 OFFSET 1", [[0], []]),
            ("SELECT length(data) AS n, t.data, 'x' || name FROM main.t AS t WHERE data IS NOT NULL ORDER BY id DESC",
             [[1], [], [1], []]),
            ("SELECT \"data\" d, id FROM t WHERE id BETWEEN 2 AND 4 AND id <> 3", [[0], [0]]),
            ("SELECT ALL *, body FROM t ORDER BY name, id", [[3], [], [2, 3, 4], []]),
            ("SELECT body, id FROM t WHERE body IS NOT NULL", [[], [0], []]),
        ]
        for (sql, pieced) in statements {
            let result = try run(sql, on: db)
            XCTAssertEqual(result.pieced, pieced, sql)
            XCTAssertEqual(result.rows, try db.fetchAll(SQL(sql)), sql)
        }
    }

    /// Only a column declared to hold blobs (BLOB, no type, a STRICT table's ANY) has its long blobs
    /// read by rowid, and texts only a column declared to hold them (TEXT affinity too): a long
    /// blob in a TEXT column, or a long text in a REAL one, is handed over whole, as any other
    /// statement's.
    func testOnlyColumnsDeclaredToHoldBlobsAreReadInPieces() throws {
        guard TestDatabaseKind.current == .sqlite else { return }
        let db = try database()
        let long = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        try db.execute("CREATE TABLE u (id INTEGER PRIMARY KEY, note TEXT, raw)")
        try db.execute("INSERT INTO u VALUES (1, ?, ?), (2, 'n', NULL)", long, long)
        try db.execute("CREATE TABLE s (id INTEGER PRIMARY KEY, data ANY) STRICT")
        try db.execute("INSERT INTO s VALUES (1, ?)", long)
        try db.execute("CREATE TABLE plain (id INTEGER PRIMARY KEY, note TEXT, n REAL)")
        try db.execute("INSERT INTO plain VALUES (1, ?, 2.5), (2, 'short', ?)", long, String(repeating: "y", count: 100_000))
        try db.execute("CREATE TABLE words (id INTEGER PRIMARY KEY, note VARCHAR(10), n REAL)")
        try db.execute("INSERT INTO words VALUES (1, ?, 2.5), (2, 'short', 1)", String(repeating: "w", count: 100_000))
        let statements: [(String, [[Int]])] = [
            ("SELECT * FROM u ORDER BY id", [[2], []]),
            ("SELECT * FROM s", [[1]]),
            ("SELECT * FROM plain", [[], []]),
            ("SELECT * FROM words", [[1], []]),
        ]
        for (sql, pieced) in statements {
            let result = try run(sql, on: db)
            XCTAssertEqual(result.pieced, pieced, sql)
            XCTAssertEqual(result.rows, try db.fetchAll(SQL(sql)), sql)
        }
    }

    func testAGeneratedColumnIsReadAsTyped() throws {
        guard TestDatabaseKind.current == .sqlite else { return }
        let db = try database()
        try db.execute("CREATE TABLE g (id INTEGER PRIMARY KEY, data BLOB, copy BLOB GENERATED ALWAYS AS (data) VIRTUAL)")
        try db.execute("INSERT INTO g (id, data) SELECT id, data FROM t")
        // Incremental I/O cannot open a generated column: its long blob is borrowed as before.
        let result = try run("SELECT * FROM g", on: db)
        XCTAssertEqual(result.pieced, [[], [1], [], [1]])
        XCTAssertEqual(result.rows, try db.fetchAll("SELECT * FROM g"))
    }

    func testATableOfAnotherSchemaIsReadThere() throws {
        guard TestDatabaseKind.current == .sqlite else { return }
        let db = try database()
        let other = try temporaryDatabasePath(self, name: "other.sqlite")
        // On the writer, where the prompt's statements run: an attached file, a temporary table
        // hiding `t`, each with its own long blob in row 2.
        for sql in [
            "ATTACH DATABASE \(SQLLiteral.text(other)) AS aux", "CREATE TABLE aux.t (id INTEGER PRIMARY KEY, data BLOB)",
            "INSERT INTO aux.t VALUES (1, x'00'), (2, randomblob(100000))",
            "CREATE TEMP TABLE t (id INTEGER PRIMARY KEY, data BLOB)", "INSERT INTO temp.t VALUES (2, randomblob(90000))",
        ] {
            _ = try db.runStatement(SQL(sql), columns: { _ in }, row: { _ in })
        }
        for (sql, pieced) in [("SELECT * FROM aux.t", [[], [1]]), ("SELECT id, data FROM t", [[1]]), ("SELECT * FROM main.t", [[], [2, 3], [], [3]])] {
            let result = try run(sql, on: db)
            XCTAssertEqual(result.pieced, pieced, sql)
            var expected: [[SQLValue]] = []
            _ = try db.runStatement(SQL(sql), columns: { _ in }, row: { expected.append($0.values) })
            XCTAssertEqual(result.rows, expected, sql)
        }
    }

    func testAStatementThatIsNotAPlainProjectionRunsAsTyped() throws {
        guard TestDatabaseKind.current == .sqlite else { return }
        let db = try database()
        let statements = [
            "SELECT * FROM v",
            "SELECT DISTINCT data FROM t",
            "SELECT a.data FROM t AS a JOIN t AS b ON a.id = b.id",
            "SELECT a.data FROM t AS a, t AS b WHERE a.id = b.id",
            "SELECT data, count(*) FROM t GROUP BY data",
            "SELECT max(data) FROM t",
            "SELECT data FROM t UNION ALL SELECT data FROM t",
            "SELECT data FROM (SELECT * FROM t)",
            "SELECT data FROM t WHERE id IN (SELECT id FROM t)",
            "SELECT * FROM w",
            "SELECT id, data FROM t ORDER BY 2",
            "SELECT data AS name FROM t ORDER BY name",
            "SELECT data, row_number() OVER () FROM t",
        ]
        for sql in statements {
            let result = try run(sql, on: db)
            XCTAssertEqual(result.pieced.flatMap { $0 }, [], sql)
            XCTAssertEqual(result.rows, try db.fetchAll(SQL(sql)), sql)
        }
    }

    func testAPlainProjectionNeverLoadsItsLongBlobs() throws {
        guard TestDatabaseKind.current == .sqlite else { return }
        let db = try database()
        try db.execute("UPDATE t SET data = zeroblob(8000000) WHERE id = 2")
        _ = try run("SELECT id, data FROM t WHERE id = 1", on: db)  // the schema read, the statements prepared
        SQLiteMemory.resetPeak()
        let before = SQLiteMemory.used
        var sizes: [Int] = []
        _ = try db.runStatement("SELECT id, data FROM t", borrowingValuesOver: limit, readingBlobsInPieces: true, columns: { _ in },
                                row: { row in
            sizes.append(row.pieces[1]?.count ?? 0)
        })
        XCTAssertEqual(sizes, [0, 8_000_000, 0, limit + 1])
        XCTAssertLessThan(SQLiteMemory.peak - before, 1 << 20, "the statement loaded the 8 MB blob")
    }

    /// Before: the statement loaded the text when it stepped to its row (SQLite 3.40 loads a text
    /// for any use but `typeof()`).
    func testAPlainProjectionNeverLoadsItsLongTexts() throws {
        guard TestDatabaseKind.current == .sqlite else { return }
        let db = try database()
        try db.execute("UPDATE t SET body = ? WHERE id = 2", String(repeating: "z", count: 8_000_000))
        _ = try run("SELECT id, body FROM t WHERE id = 1", on: db)  // the schema read, the statements prepared
        SQLiteMemory.resetPeak()
        let before = SQLiteMemory.used
        var sizes: [Int] = []
        var kinds: [BorrowedValue.Kind] = []
        var short: [SQLValue] = []
        _ = try db.runStatement("SELECT id, body FROM t", borrowingValuesOver: limit, readingBlobsInPieces: true, columns: { _ in },
                                row: { row in
            sizes.append(row.pieces[1]?.count ?? 0)
            kinds += row.pieces.values.map(\.kind)
            short.append(row.values[1])
        })
        XCTAssertEqual(sizes, [0, 8_000_000, 0, 0])
        XCTAssertEqual(kinds, [.text])
        XCTAssertEqual(short, [.text("short"), .null, .text(""), .null])
        XCTAssertLessThan(SQLiteMemory.peak - before, 1 << 20, "the statement loaded the 8 MB text")
    }

    /// A text's bytes come over as stored, valid UTF-8 or not: a short one whole with its bytes
    /// (``StatementRunRow/invalidText``), a long one in pieces.
    func testTextsReadByRowIDKeepTheirBytes() throws {
        guard TestDatabaseKind.current == .sqlite else { return }
        let db = try database()
        let long = Data(repeating: 0x61, count: 100_000) + Data([0xFF, 0xC3]) + Data(repeating: 0x62, count: 10)
        try db.execute("INSERT INTO t VALUES (5, CAST(? AS TEXT), CAST(? AS TEXT), NULL)", Data([0x41, 0xFE, 0x42]), long)
        var invalid: [Int: [UInt8]] = [:]
        var pieced = Data()
        var kind: BorrowedValue.Kind?
        _ = try db.runStatement("SELECT name, body FROM t WHERE id = 5", borrowingValuesOver: limit, readingBlobsInPieces: true,
                                columns: { _ in }, row: { row in
            invalid = row.invalidText
            kind = row.pieces[1]?.kind
            try row.pieces[1]?.forEachPiece(bytes: 1_000) { pieced.append(contentsOf: $0) }
        })
        XCTAssertEqual(invalid, [0: [0x41, 0xFE, 0x42]])
        XCTAssertEqual(kind, .text)
        XCTAssertEqual(pieced, long)
    }
}
