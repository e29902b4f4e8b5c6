import Foundation
import ORMCore
import XCTest
@testable import Browser

/// The export formats, value by value: CSV quoting, JSON escaping and SQL literals.
final class ExportEncoderTests: XCTestCase {
    /// RFC 4180: quotes doubled, fields with commas, quotes or line breaks quoted, CRLF endings.
    func testCSVQuotesOnlyWhatNeedsIt() {
        let encoder = CSVEncoder(columns: ["id", "a,b", "say \"x\""])
        XCTAssertEqual(encoder.header(), "id,\"a,b\",\"say \"\"x\"\"\"\r\n")
        XCTAssertEqual(encoder.encode([.integer(1), .text("plain"), .null]), "1,plain,\r\n")
        XCTAssertEqual(encoder.encode([.real(12), .text("two\nlines"), .text("cr\r")]), "12.0,\"two\nlines\",\"cr\r\"\r\n")
        XCTAssertEqual(encoder.encode([.blob(Data([0, 255])), .text(""), .text("Zoë 😀")]), "AP8=,\"\",Zoë 😀\r\n", "empty text is quoted, NULL is not")
        XCTAssertEqual(encoder.footer(), "")
    }

    /// JSON lines: numbers as numbers, NULL as null, BLOBs as base64 in an object, strings escaped.
    func testJSONLinesTypesAndEscapes() {
        let encoder = JSONLinesEncoder(columns: ["id", "price", "name", "photo", "gone", "say \"q\""])
        let line = encoder.encode([.integer(-7), .real(0.25), .text("a\"b\\c\nd\t\u{1B}é"), .blob(Data([0x89, 0x50])),
                                   .null, .real(.infinity)])
        XCTAssertEqual(line, #"{"id":-7,"price":0.25,"name":"a\"b\\c\nd\t\u001bé","photo":{"$base64":"iVA="},"gone":null,"say \"q\"":null}"#
                       + "\n")
        let decoded = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        XCTAssertEqual(decoded?["name"] as? String, "a\"b\\c\nd\t\u{1B}é")
        XCTAssertEqual(decoded?["id"] as? Int, -7)
    }

    /// SQL: identifiers quoted, text quotes doubled, BLOBs as X'..', NULL, in a transaction.
    func testSQLInsertLiterals() throws {
        let encoder = SQLInsertEncoder(table: "my \"odd\" table", columns: ["a col", "select"])
        XCTAssertEqual(encoder.header(), "BEGIN;\n")
        XCTAssertEqual(encoder.encode([.text("O'Brien"), .blob(Data([0x0A, 0xFF]))]),
                       "INSERT INTO \"my \"\"odd\"\" table\" (\"a col\", \"select\") VALUES ('O''Brien', X'0AFF');\n")
        XCTAssertEqual(encoder.encode([.null, .real(1.5)]),
                       "INSERT INTO \"my \"\"odd\"\" table\" (\"a col\", \"select\") VALUES (NULL, 1.5);\n")
        XCTAssertEqual(encoder.footer(), "COMMIT;\n")
        let database = try Database.inMemory()
        try database.execute("CREATE TABLE \"my \"\"odd\"\" table\" (\"a col\", \"select\")")
        try database.executeScript(SQL(stringLiteral: encoder.header() + encoder.encode([.text("it's"), .blob(Data([1]))])
                                       + encoder.footer()))
        XCTAssertEqual(try database.fetchAll("SELECT * FROM \"my \"\"odd\"\" table\""), [[.text("it's"), .blob(Data([1]))]])
    }

    /// Text holding a NUL character is written as its bytes cast to text (a NUL inside quotes ends
    /// the literal for the `sqlite3` shell), and generated columns are left out (SQLite refuses a
    /// value for them): the statements load back into the same schema as they were.
    func testSQLInsertsLoadBackWithNULsAndGeneratedColumns() throws {
        let encoder = SQLInsertEncoder(table: "gen", columns: ["id", "a", "twice", "t"], leavingOut: ["twice"])
        let row: [SQLValue] = [.integer(1), .integer(4), .integer(8), .text("nul\u{0}after")]
        XCTAssertEqual(encoder.encode(row),
                       "INSERT INTO \"gen\" (\"id\", \"a\", \"t\") VALUES (1, 4, CAST(X'6E756C006166746572' AS TEXT));\n")
        let database = try Database.inMemory()
        try database.execute("CREATE TABLE gen (id INTEGER PRIMARY KEY, a INTEGER, twice INTEGER GENERATED ALWAYS AS (a * 2), t TEXT)")
        try database.executeScript(SQL(stringLiteral: encoder.header() + encoder.encode(row) + encoder.footer()))
        XCTAssertEqual(try database.fetchAll("SELECT id, a, twice, t, length(CAST(t AS BLOB)) FROM gen"),
                       [[.integer(1), .integer(4), .integer(8), .text("nul\u{0}after"), .integer(9)]])
    }

    /// The format comes from the extension, case-insensitively.
    func testFormatFromExtension() {
        XCTAssertEqual(ExportFormat(path: "/tmp/out.CSV"), .csv)
        XCTAssertEqual(ExportFormat(path: "rows.jsonl"), .jsonLines)
        XCTAssertEqual(ExportFormat(path: "rows.ndjson"), .jsonLines)
        XCTAssertEqual(ExportFormat(path: "~/dump.sql"), .sqlInserts)
        XCTAssertNil(ExportFormat(path: "notes.txt"))
        XCTAssertNil(ExportFormat(path: "/tmp/dir.csv/file"))
        XCTAssertNil(ExportFormat(path: ".csv"))
    }

    /// The clipboard sequence is OSC 52 with the base64 of the UTF-8 text.
    func testOSC52Sequence() {
        XCTAssertEqual(ClipboardSequence.osc52("hi"), "\u{1B}]52;c;aGk=\u{07}")
        XCTAssertEqual(ClipboardSequence.osc52("é"), "\u{1B}]52;c;w6k=\u{07}")
    }
}
