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
        XCTAssertEqual(encoder.encode([.blob(Data([0, 255])), .text(""), .text("Zoë 😀")]), "\\x00ff,\"\",Zoë 😀\r\n", "empty text is quoted, NULL is not")
        XCTAssertEqual(encoder.encode([.text("\"\u{301}"), .real(.infinity), .real(-0.0)]), "\"\"\"\u{301}\",1e999,-0.0\r\n",
                       "a quote before a combining mark is doubled")
        XCTAssertEqual(encoder.encode([.real(.nan), .real(-.infinity), .null]), "NaN,-1e999,\r\n", "NaN as PostgreSQL writes it")
        XCTAssertEqual(encoder.footer(), "")
    }

    /// A BLOB is `\x` and its bytes in hex, as PostgreSQL writes a bytea (it was base64, read back
    /// as text); an empty one is `\x`, apart from NULL and from empty text (`""`).
    func testCSVWritesBlobsInHexAndKeepsAnEmptyBlobApartFromNullAndEmptyText() {
        XCTAssertEqual(CSVEncoder(columns: ["a", "b", "c", "d"]).encode([.null, .blob(Data()), .text(""), .blob(Data([0x89, 0x50, 0x0A]))]),
                       ",\\x,\"\",\\x89500a\r\n")
    }

    /// Text that is not UTF-8 is `\x` and its bytes in hex (it became U+FFFD), and so is text
    /// holding a NUL (CSV readers refuse the file); text that starts with backslashes and an `x`
    /// gets one more backslash, so the two never meet.
    func testCSVEscapesBytesThatAreNotUTF8() {
        XCTAssertEqual(CSVEncoder(columns: ["a"]).encode([.text("a\u{0}b")]), "\\x610062\r\n")
        let encoder = CSVEncoder(columns: ["a", "b", "c", "d"])
        XCTAssertEqual(encoder.encode([.undecodableText([0x61, 0xFF, 0x62]), .text("\\x41"), .text("\\\\x"), .text("\\y")]),
                       "\\x61ff62,\\\\x41,\\\\\\x,\\y\r\n")
    }

    /// TSV: tabs between fields, `\n` after records, fields holding a tab, a quote or a line break
    /// quoted as in CSV (reef's import and spreadsheets read it so); NULL empty, empty text `""`.
    func testTSVQuotesAsCSVDoes() {
        let encoder = CSVEncoder.tabSeparated(columns: ["id", "tab\there", "a,b"])
        XCTAssertEqual(encoder.header(), "id\t\"tab\there\"\ta,b\n")
        XCTAssertEqual(encoder.encode([.integer(-1), .text("a\tb \"q\"\r\nc"), .null]), "-1\t\"a\tb \"\"q\"\"\r\nc\"\t\n")
        XCTAssertEqual(encoder.encode([.undecodableText([0x61, 0xFF]), .text(""), .blob(Data())]), "\\x61ff\t\"\"\t\\x\n")
    }

    /// JSON lines: numbers as numbers, NULL as null, BLOBs as base64 in an object, strings escaped,
    /// infinities in an object (they were null), text that is not UTF-8 as base64 in an object.
    func testJSONLinesTypesAndEscapes() throws {
        let encoder = JSONLinesEncoder(columns: ["id", "price", "name", "photo", "gone", "say \"q\""])
        let line = encoder.encode([.integer(-7), .real(0.25), .text("a\"b\\c\nd\t\u{1B}é"), .blob(Data([0x89, 0x50])),
                                   .null, .real(.infinity)])
        XCTAssertEqual(line, #"{"id":-7,"price":0.25,"name":"a\"b\\c\nd\t\u001bé","photo":{"$base64":"iVA="},"gone":null,"say \"q\"":{"$real":"Infinity"}}"#
                       + "\n")
        let decoded = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        XCTAssertEqual(decoded?["name"] as? String, "a\"b\\c\nd\t\u{1B}é")
        XCTAssertEqual(decoded?["id"] as? Int, -7)
        XCTAssertEqual(JSONLinesEncoder(columns: ["t", "t"]).encode([.undecodableText([0xFF]), .real(-0.0)]),
                       #"{"t":{"$textBase64":"/w=="},"t:1":-0.0}"# + "\n", "a repeated name gets :1")
        // PostgreSQL's floating-point NaN: JSON has no NaN, `nan` made the file invalid.
        let nan = JSONLinesEncoder(columns: ["x"]).encode([.real(.nan)])
        XCTAssertEqual(nan, #"{"x":{"$real":"NaN"}}"# + "\n")
        XCTAssertNotNil(try JSONSerialization.jsonObject(with: Data(nan.utf8)))
    }

    /// JSON: one array, an object per line, commas between.
    func testJSONArray() throws {
        let encoder = JSONArrayEncoder(columns: ["n"])
        let text = encoder.header() + encoder.encode([.integer(1)]) + encoder.separator + encoder.encode([.integer(2)])
            + encoder.footer()
        XCTAssertEqual(text, "[\n{\"n\":1},\n{\"n\":2}\n]\n")
        XCTAssertEqual(encoder.header() + encoder.footer(), "[\n]\n")
        XCTAssertEqual((try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Int]])?.count, 2)
    }

    /// SQL: the schema, identifiers quoted, text quotes doubled, BLOBs as X'..', NULL, in a transaction.
    func testSQLInsertLiterals() throws {
        let schema = ExportSchema(untypedTable: "my \"odd\" table", columns: ["a col", "select"], note: "query results")
        let encoder = SQLInsertEncoder(schema: schema, columns: ["a col", "select"])
        XCTAssertEqual(encoder.header(), """
            -- reef export: query results
            PRAGMA foreign_keys=OFF;
            BEGIN TRANSACTION;
            CREATE TABLE "my ""odd"" table" ("a col", "select");

            """)
        XCTAssertEqual(encoder.encode([.text("O'Brien"), .blob(Data([0x0A, 0xFF]))]),
                       "INSERT INTO \"my \"\"odd\"\" table\" (\"a col\", \"select\") VALUES ('O''Brien', X'0AFF');\n")
        XCTAssertEqual(encoder.encode([.null, .real(1.5)]),
                       "INSERT INTO \"my \"\"odd\"\" table\" (\"a col\", \"select\") VALUES (NULL, 1.5);\n")
        XCTAssertEqual(encoder.footer(), "COMMIT;\n")
        let database = try Database.inMemory()
        try database.executeScript(SQL(stringLiteral: encoder.header() + encoder.encode([.text("it's"), .blob(Data([1]))])
                                       + encoder.footer()))
        XCTAssertEqual(try database.fetchAll("SELECT * FROM \"my \"\"odd\"\" table\""), [[.text("it's"), .blob(Data([1]))]])
    }

    /// Text holding a NUL character is written as its bytes cast to text (a NUL inside quotes ends
    /// the literal for the `sqlite3` shell), and generated columns are left out (SQLite refuses a
    /// value for them): the statements load back into the same schema as they were.
    func testSQLInsertsLoadBackWithNULsAndGeneratedColumns() throws {
        let source = try Database.inMemory()
        try source.execute("CREATE TABLE gen (id INTEGER PRIMARY KEY, a INTEGER, twice INTEGER GENERATED ALWAYS AS (a * 2), t TEXT)")
        let columns = ["id", "a", "twice", "t"]
        let schema = try ExportSchema.read(source.table("gen"), columns: columns, filter: nil)
        let encoder = SQLInsertEncoder(schema: schema, columns: columns)
        let row: [ExportValue] = [.integer(1), .integer(4), .integer(8), .text("nul\u{0}after")]
        XCTAssertEqual(encoder.encode(row),
                       "INSERT INTO \"gen\" (\"id\", \"a\", \"t\") VALUES (1, 4, (CAST(X'6E756C006166746572' AS TEXT)));\n")
        let database = try Database.inMemory()
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
        XCTAssertEqual(ExportFormat(path: "rows.JSON"), .json)
        XCTAssertEqual(ExportFormat(path: "rows.tsv"), .tsv)
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
