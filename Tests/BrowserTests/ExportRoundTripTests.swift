import Foundation
import ORMCore
import XCTest
@testable import Browser

/// Every export format loaded back (`.sql` with the `sqlite3` program, the others by parsing them
/// by their documented rules) gives every value back byte for byte: NULL, empty text, empty blob,
/// `\r\n`, bytes that are not UTF-8, NUL, extreme integers, -0.0, infinities, reals SQLite reads
/// a bit off, wide Unicode and odd column names.
final class ExportRoundTripTests: XCTestCase {
    /// The folder of the test's files.
    private var directory: URL!
    /// The source database.
    private var database: Database!

    /// The source table's name.
    private static let table = "odd \"t\" 漢"
    /// Its columns but the generated one, in order.
    private static let columns = ["id", "a \"q\" col", "sel;ect", "x,y", "tab\tname", "new\nline", "r"]

    /// The values every column but `id` takes in turn, as SQL expressions.
    private static let values = [
        "NULL", "''", "X''", "'cr' || char(13, 10) || 'lf'", "CAST(X'61FF62' AS TEXT)", "'nul' || char(0) || 'x'",
        "9223372036854775807", "-9223372036854775808", "-0.0", "1e999", "-1e999", "5e-324", "0.1", "8.229164544094",
        "1.0 / 3", "'漢字😀 e\u{301} 👩‍👩‍👧'", #"'\x41'"#, #"'\\x'"#, "'it''s'", "'tab' || char(9) || 'here'",
        "'a\"b,c'", #"'\N'"#, "X'00FF10'", "' lead'", "'1e5'", "CAST(X'C328E6BC' AS TEXT)", "X'0D0A'",
    ]

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("reef-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        database = try Database(path: path("source.sqlite"))
        let name = quoteIdentifier(Self.table)
        // Columns without a declared type keep every value as inserted (-0.0 included).
        let definitions = ["id INTEGER PRIMARY KEY AUTOINCREMENT"] + Self.columns.dropFirst().map(quoteIdentifier)
            + ["twice GENERATED ALWAYS AS (id * 2) VIRTUAL"]
        var script = "CREATE TABLE \(name) (\(definitions.joined(separator: ", ")));\n"
        script += "CREATE INDEX \(quoteIdentifier("by q")) ON \(name) (\(quoteIdentifier("a \"q\" col")));\n"
        script += "CREATE TRIGGER \(quoteIdentifier("no-op")) AFTER DELETE ON \(name) BEGIN SELECT 1; END;\n"
        let count = Self.values.count
        for row in 0..<count {
            let values = (1..<Self.columns.count).map { Self.values[(row + $0 * 5) % count] }
            script += "INSERT INTO \(name) VALUES (\(row + 10), \(values.joined(separator: ", ")));\n"
        }
        script += "DELETE FROM \(name) WHERE id = \(count + 9);\n"  // the counter stays past the last row
        try database.executeScript(SQL(stringLiteral: script))
        // Doubles whose shortest decimal SQLite reads a bit off (no SQL literal makes them): bound.
        try database.execute("UPDATE \(identifier: Self.table) SET r = ?, \(identifier: "x,y") = ? WHERE id = 10",
                             8.229164544094, 2.91e-11)
        // The values compared are the hard ones, stored as meant.
        let stored = Set(try ExportReaders.rows("SELECT * FROM \(identifier: Self.table)", in: database).joined()
            .map(ExportReaders.fingerprint))
        for expected in ["null", "text ", "blob ", "text 63720d0a6c66", "text 61ff62", "text 6e756c0078", "blob 0d0a",
                         "integer 9223372036854775807", "integer -9223372036854775808", "real 8000000000000000 (-0.0)",
                         "real 7ff0000000000000 (inf)", "real fff0000000000000 (-inf)", "real 1 (5e-324)",
                         ExportReaders.fingerprint(.real(8.229164544094)), ExportReaders.fingerprint(.real(2.91e-11))] {
            XCTAssertTrue(stored.contains(expected), "the source holds \(expected)")
        }
    }

    override func tearDown() {
        database = nil
        try? FileManager.default.removeItem(at: directory)
    }

    // MARK: - .sql

    /// A `.sql` export creates the table (it had no CREATE TABLE: "no such table"), its index
    /// and trigger, and the AUTOINCREMENT counter; `sqlite3` loads it into an empty database and
    /// every value is as it was, `\r\n` and bytes that are not UTF-8 included.
    func testSQLExportLoadsIntoAnEmptyDatabaseExactly() throws {
        let file = path("rows.sql")
        try export(.sqlInserts, to: file)
        let loaded = path("loaded.sqlite")
        XCTAssertEqual(try ExportReaders.sqlite3(loaded, input: file), "", "sqlite3 reports no error")
        let copy = try Database(path: loaded)
        let all: SQL = "SELECT * FROM \(identifier: Self.table) ORDER BY id"
        XCTAssertEqual(try fingerprints(all, in: copy), try fingerprints(all, in: database))
        let schema: SQL = "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name"
        XCTAssertEqual(try copy.fetchAll(schema), try database.fetchAll(schema))
        let counter: SQL = "SELECT * FROM sqlite_sequence"
        XCTAssertEqual(try copy.fetchAll(counter), try database.fetchAll(counter))
    }

    /// A filtered, sorted view writes the table's own schema and just its rows.
    func testAFilteredViewExportsTheTableWithItsRows() throws {
        let source = try TableSource(table: database.table(Self.table), sort: GridSort(column: 0, descending: true),
                                     filter: "id % 3 = 0 -- every third")
        let file = path("third.sql")
        _ = try Exporter(rows: TableRows(source), table: Self.table, columns: source.columns.map(\.name),
                         format: .sqlInserts, path: file).run { _ in }
        let text = try String(contentsOfFile: file, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("-- reef export: rows of \"odd \"\"t\"\" 漢\" where id % 3 = 0 -- every third\n"), text)
        let loaded = path("third.sqlite")
        XCTAssertEqual(try ExportReaders.sqlite3(loaded, input: file), "")
        let some: SQL = "SELECT * FROM \(identifier: Self.table) WHERE id % 3 = 0 ORDER BY id"
        XCTAssertEqual(try fingerprints("SELECT * FROM \(identifier: Self.table) ORDER BY id", in: Database(path: loaded)),
                       try fingerprints(some, in: database))
    }

    /// A view has no CREATE TABLE of its own: it becomes a table without declared types, which
    /// keeps every value's class and bytes; a repeated column name is made unique.
    func testAViewBecomesAnUntypedTable() throws {
        try database.execute(SQL(stringLiteral:
            "CREATE VIEW v AS SELECT id, \(quoteIdentifier("sel;ect")), r, 1 AS id FROM \(quoteIdentifier(Self.table))"))
        let source = try TableSource(table: database.table("v"))
        let file = path("v.sql")
        _ = try Exporter(rows: TableRows(source), table: "v", columns: source.columns.map(\.name), format: .sqlInserts,
                         path: file).run { _ in }
        let loaded = path("v.sqlite")
        XCTAssertEqual(try ExportReaders.sqlite3(loaded, input: file), "")
        let copy = try Database(path: loaded)
        XCTAssertEqual(try copy.scalar("SELECT sql FROM sqlite_master WHERE name = 'v'"),
                       .text(#"CREATE TABLE "v" ("id", "sel;ect", "r", "id:1")"#))
        XCTAssertEqual(try fingerprints("SELECT * FROM v ORDER BY id", in: copy),
                       try fingerprints("SELECT * FROM v ORDER BY id", in: database))
    }

    /// Query results from the SQL prompt go into a table named after the file.
    func testQueryResultsGoIntoATableNamedAfterTheFile() throws {
        let file = path("top rows.sql")
        let app = try App(database: database, theme: .builtinDefault, initialTable: Self.table)
        let query = "SELECT id, r, r * 2 FROM \(quoteIdentifier(Self.table)) WHERE id < 20 -- the first ten"
        let screens = HeadlessRunner(app: app, columns: 120, rows: 5).run(try KeyScript.parse("e\(query)<Enter>X\(file)<Enter><dump>"))
        XCTAssertTrue(screens.last?.last?.contains("exported 10 rows to \(file)") == true, screens.last?.joined(separator: "\n") ?? "")
        let loaded = path("top.sqlite")
        XCTAssertEqual(try ExportReaders.sqlite3(loaded, input: file), "")
        let copy = try Database(path: loaded)
        XCTAssertEqual(try copy.scalar("SELECT sql FROM sqlite_master"), .text(#"CREATE TABLE "top rows" ("id", "r", "r * 2")"#))
        XCTAssertEqual(try fingerprints("SELECT * FROM \"top rows\"", in: copy),
                       try fingerprints(SQL(stringLiteral: query), in: database))
    }

    // MARK: - CSV, TSV, JSON

    /// CSV read back by RFC 4180 and the escapes the CSV encoder documents.
    func testCSVLoadsBackExactly() throws {
        let file = path("rows.csv")
        try export(.csv, to: file)
        let records = try ExportReaders.csvRecords(try utf8(file))
        XCTAssertEqual(records.first?.map(\.text), Self.columns + ["twice"])
        try compare(records.dropFirst().map { record in
            { (index: Int, like: ExportValue) in try ExportReaders.csvValue(record[index], like: like) }
        })
    }

    /// TSV read back as CSV with tabs.
    func testTSVLoadsBackExactly() throws {
        let file = path("rows.tsv")
        try export(.tsv, to: file)
        let records = try ExportReaders.csvRecords(try utf8(file), separator: "\t")
        XCTAssertEqual(records.first?.map(\.text), Self.columns + ["twice"])
        try compare(records.dropFirst().map { record in
            { (index: Int, like: ExportValue) in try ExportReaders.csvValue(record[index], like: like) }
        })
    }

    /// JSON lines and a JSON array read back by a JSON parser and the objects documented.
    func testJSONAndJSONLinesLoadBackExactly() throws {
        let lines = path("rows.jsonl"), array = path("rows.json")
        try export(.jsonLines, to: lines)
        try export(.json, to: array)
        let fromLines = try utf8(lines).split(separator: "\n").map { try ExportReaders.json(String($0)) }
        guard case .array(let fromArray) = try ExportReaders.json(try utf8(array)) else {
            return XCTFail("not an array")
        }
        XCTAssertEqual(fromLines, fromArray)
        for object in fromArray {
            guard case .object(let keys, _) = object else {
                return XCTFail("not an object: \(object)")
            }
            XCTAssertEqual(keys, Self.columns + ["twice"])
        }
        try compare(fromArray.map { object in
            { (index: Int, _: ExportValue) in
                guard case .object(_, let values) = object else {
                    throw ExportReaders.Failure(description: "not an object")
                }
                return try ExportReaders.exportValue(values[index])
            }
        })
    }

    // MARK: - Helpers

    /// A path in the test's folder.
    private func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }

    /// Exports the whole source table in `format` to `file`.
    private func export(_ format: ExportFormat, to file: String) throws {
        let source = try TableSource(table: database.table(Self.table))
        XCTAssertEqual(source.columns.map(\.name), Self.columns + ["twice"])
        let written = try Exporter(rows: TableRows(source), table: Self.table, columns: source.columns.map(\.name),
                                   format: format, path: file).run { _ in }
        XCTAssertEqual(written, Self.values.count - 1)
    }

    /// The file's text, failing when it is not valid UTF-8 (every export is).
    private func utf8(_ file: String) throws -> String {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
        return try String(validating: bytes, as: UTF8.self) ?? { throw ExportReaders.Failure(description: "not UTF-8") }()
    }

    /// The rows of `sql` as fingerprints.
    private func fingerprints(_ sql: SQL, in database: Database) throws -> [[String]] {
        try ExportReaders.rows(sql, in: database).map { $0.map(ExportReaders.fingerprint) }
    }

    /// Compares the source rows, value by value, with `rows` read back: each reads its value at an
    /// index, given the source value whose class it should have.
    private func compare(_ rows: [(Int, ExportValue) throws -> ExportValue]) throws {
        let source = try ExportReaders.rows("SELECT * FROM \(identifier: Self.table) ORDER BY id", in: database)
        XCTAssertEqual(rows.count, source.count)
        for (row, read) in zip(source, rows) {
            let back = try row.indices.map { try read($0, row[$0]) }
            XCTAssertEqual(back.map(ExportReaders.fingerprint), row.map(ExportReaders.fingerprint))
        }
    }
}
