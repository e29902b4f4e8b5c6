import Foundation
import ORMCore
import XCTest
@testable import Browser

/// CSV, TSV, JSON lines and JSON files read as tables: types, headers, quoting, encodings, and
/// files that are not quite right.
final class FileImportTests: XCTestCase {
    private var folder: URL!
    private var database: Database!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("reef-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        database = try Database(path: folder.appendingPathComponent("import.db").path)
    }

    override func tearDownWithError() throws {
        database = nil
        try? FileManager.default.removeItem(at: folder)
    }

    // MARK: - CSV

    func testACSVBecomesATableWithTypesFromItsValues() throws {
        let table = try importText(#"""
            id,name,price,zip,note,when
            1,Ada,9.5,01234,"a, quoted ""note""",2024-01-05
            2,山田 😀,12,98765,,2024-02-11
            -3,"two
            lines",0.25,00001,"",2024-03-01

            """#, as: "people.csv")
        XCTAssertEqual(table.name, "people")
        XCTAssertTrue(table.hasHeader)
        XCTAssertEqual(table.columns, ["id", "name", "price", "zip", "note", "when"])
        XCTAssertEqual(table.kinds, [.integer, .text, .real, .text, .text, .text])
        XCTAssertEqual(table.rows, 3)
        XCTAssertEqual(table.problems, [])
        XCTAssertEqual(try rows("people"), [
            [.integer(1), .text("Ada"), .real(9.5), .text("01234"), .text("a, quoted \"note\""), .text("2024-01-05")],
            [.integer(2), .text("山田 😀"), .real(12), .text("98765"), .null, .text("2024-02-11")],
            [.integer(-3), .text("two\nlines"), .real(0.25), .text("00001"), .text(""), .text("2024-03-01")],
        ])
        XCTAssertEqual(try database.scalar("SELECT typeof(\"price\") FROM \"people\" WHERE \"id\" = 2"), .text("real"))
    }

    func testNumbersThatWouldNotReadBackTheSameStayText() throws {
        _ = try importText("a,b,c,d\n007,+1,-0,99999999999999999999\n1,2,3,4\n", as: "n.csv")
        XCTAssertEqual(try rows("n").first, [.text("007"), .text("+1"), .text("-0"), .text("99999999999999999999")])
    }

    func testWindowsLineEndingsAByteOrderMarkAndALastLineWithoutABreak() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("name,n\r\nÜber,1\r\nnext,2".utf8)
        let table = try importBytes(bytes, as: "bom.csv")
        XCTAssertEqual(table.columns, ["name", "n"], "the mark is not part of the first name")
        XCTAssertEqual(try rows("bom"), [[.text("Über"), .integer(1)], [.text("next"), .integer(2)]])
    }

    func testTheSeparatorIsSniffed() throws {
        _ = try importText("a;b;c\n1;2,5;x\n3;4,5;y\n", as: "semi.csv")
        XCTAssertEqual(try rows("semi"), [[.integer(1), .text("2,5"), .text("x")], [.integer(3), .text("4,5"), .text("y")]])
        _ = try importText("a|b\n1|2\n", as: "pipes.csv")
        XCTAssertEqual(try rows("pipes"), [[.integer(1), .integer(2)]])
    }

    func testAFileWithoutAHeaderGetsNumberedColumns() throws {
        let table = try importText("1,2.5,x\n2,3.5,y\n", as: "bare.csv")
        XCTAssertFalse(table.hasHeader)
        XCTAssertEqual(table.columns, ["column_1", "column_2", "column_3"])
        XCTAssertEqual(table.rows, 2)
        XCTAssertEqual(try rows("bare").first, [.integer(1), .real(2.5), .text("x")])
    }

    func testHeaderNamesAreMadeUniqueIgnoringCase() throws {
        let table = try importText("Name,name,,NAME\na,b,c,d\n", as: "dupes.csv")
        XCTAssertEqual(table.columns, ["Name", "name_2", "column_3", "NAME_3"])
    }

    func testRaggedRowsAreFilledWithNullOrWidenTheTableAndAreListed() throws {
        let table = try importText("a,b,c\n1,2,3\n4,5\n6,7,8,9\n", as: "ragged.csv")
        XCTAssertEqual(table.columns, ["a", "b", "c", "column_4"])
        XCTAssertEqual(try rows("ragged"), [
            [.integer(1), .integer(2), .integer(3), .null],
            [.integer(4), .integer(5), .null, .null],
            [.integer(6), .integer(7), .integer(8), .integer(9)],
        ])
        XCTAssertEqual(table.problems, [
            ImportProblem(line: 3, message: "2 fields where the header has 3: the missing ones are NULL"),
            ImportProblem(line: 4, message: "4 fields where the header has 3: extra columns were added"),
        ])
    }

    func testAQuoteNeverClosedIsReportedWithTheLineItOpenedOn() throws {
        let table = try importText("a,b\n1,x\n2,\"open\n3,y\n", as: "open.csv")
        XCTAssertEqual(table.rows, 2)
        XCTAssertEqual(table.problems.map(\.line), [3])
        XCTAssertTrue(table.problems.first?.message.contains("never closed") ?? false, "\(table.problems)")
        XCTAssertEqual(try rows("open").last, [.integer(2), .text("open\n3,y\n")])
    }

    func testStrayQuotesAreKeptAndListed() throws {
        let table = try importText("a,b\n5\" screen,1\n\"x\"y,2\n", as: "stray.csv")
        XCTAssertEqual(try rows("stray").map(\.first), [.text("5\" screen"), .text("xy")])
        XCTAssertEqual(table.problems.map(\.line), [2, 3])
    }

    func testBytesThatAreNotUTF8AreReplacedAndListed() throws {
        let bytes = Array("a,b\nZoë Ørsted,1\n".utf8) + [0x62, 0x61, 0x64, 0xC3, 0x28] + Array(",2\n".utf8)
            + Array(String(repeating: "fill,3\n", count: 20).utf8)
        let table = try importBytes(bytes, as: "mixed.csv")
        XCTAssertEqual(table.encoding, .utf8(bomLength: 0))
        XCTAssertEqual(table.problems, [ImportProblem(line: 3, message: "bytes that are not UTF-8 were replaced by U+FFFD")])
        XCTAssertEqual(try rows("mixed")[1].first, .text("bad\u{FFFD}("))
    }

    func testAWindows1252FileIsDecodedAsSuch() throws {
        // "café – 5€" in Windows-1252: é 0xE9, en dash 0x96, euro 0x80.
        let bytes = Array("name\n".utf8) + [0x63, 0x61, 0x66, 0xE9, 0x20, 0x96, 0x20, 0x35, 0x80, 0x0A]
        let table = try importBytes(bytes, as: "latin.csv")
        XCTAssertEqual(table.encoding, .windows1252)
        XCTAssertEqual(try rows("latin"), [[.text("café – 5€")]])
    }

    func testUTF16WithAndWithoutAMarkIsDecoded() throws {
        let text = "name,n\nZoë 😀,1\n"
        let littleEndian: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { unit -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        _ = try importBytes(littleEndian, as: "u16le.csv")
        XCTAssertEqual(try rows("u16le"), [[.text("Zoë 😀"), .integer(1)]])
        let bigEndianNoMark = text.utf16.flatMap { unit -> [UInt8] in [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        _ = try importBytes(bigEndianNoMark, as: "u16be.csv")
        XCTAssertEqual(try rows("u16be"), [[.text("Zoë 😀"), .integer(1)]])
    }

    func testABinaryFileOrAnEmptyOneIsRefusedByName() throws {
        XCTAssertThrowsError(try importBytes([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49], as: "image.csv")) {
            let error = $0 as? ImportError
            XCTAssertTrue(error?.path.hasSuffix("image.csv") ?? false)
            XCTAssertTrue(error?.reason.contains("not a text file") ?? false, "\($0)")
        }
        XCTAssertThrowsError(try importBytes([], as: "empty.csv")) {
            XCTAssertTrue(($0 as? ImportError)?.reason.contains("empty") ?? false, "\($0)")
        }
        XCTAssertEqual(try database.scalar("SELECT count(*) FROM sqlite_schema"), .integer(0), "no table left behind")
    }

    func testATSVSplitsOnTabsOnly() throws {
        _ = try importText("a\tb\n1,5\tx y\n", as: "t.tsv")
        XCTAssertEqual(try rows("t"), [[.text("1,5"), .text("x y")]])
    }

    func testRecordsAreTheSameWhateverTheChunksAre() {
        let text = Array("a,\"b\r\n\"\"c\"\"\",d\r\ne,,\"\"\r\r\nlast".utf8)
        func records(chunkSize: Int) -> [[String]] {
            var parser = DelimitedParser(separator: UInt8(ascii: ","))
            var out: [[String]] = []
            let take = { (record: DelimitedRecord) in
                out.append(zip(record.fields, record.quoted).map { String(decoding: $0, as: UTF8.self) + ($1 ? "'" : "") })
            }
            var start = 0
            while start < text.count {
                let end = min(text.count, start + chunkSize)
                text[start..<end].withUnsafeBufferPointer { parser.feed($0, emit: take) }
                start = end
            }
            parser.finish(emit: take)
            return out
        }
        let whole = records(chunkSize: text.count)
        XCTAssertEqual(whole, [["a", "b\r\n\"c\"'", "d"], ["e", "", "'"], ["last"]])
        for size in 1...7 {
            XCTAssertEqual(records(chunkSize: size), whole, "chunks of \(size)")
        }
    }

    func testALargeFileStreamsThroughChunkBoundaries() throws {
        var text = "id,label,value\n"
        for index in 1...60_000 {
            text += "\(index),\"label, \(index)\nsecond line\",\(Double(index) / 4)\n"
        }
        let table = try importText(text, as: "large.csv")
        XCTAssertEqual(table.rows, 60_000)
        XCTAssertEqual(table.kinds, [.integer, .text, .real])
        XCTAssertEqual(try database.scalar("SELECT sum(\"id\") FROM \"large\""), .integer(60_000 * 60_001 / 2))
        XCTAssertEqual(try database.scalar("SELECT \"label\" FROM \"large\" WHERE \"id\" = 43210"),
                       .text("label, 43210\nsecond line"))
    }

    func testTheEscapesOfReefsOwnExportsAreUndone() throws {
        _ = try importText(#"""
            a,b,c
            \xc328,\\x41,1e999
            \x6e756c00,plain \x,-1e999
            \xzz,x,2.5

            """#, as: "escaped.csv")
        XCTAssertEqual(try database.fetchAll("SELECT typeof(a), hex(a), b, c FROM escaped ORDER BY rowid"), [
            [.text("text"), .text("C328"), .text("\\x41"), .real(.infinity)],
            [.text("text"), .text("6E756C00"), .text("plain \\x"), .real(-.infinity)],
            [.text("text"), .text(Hex.encode("\\xzz".utf8, uppercase: true)), .text("x"), .real(2.5)],
        ])
        _ = try importText(#"""
            {"t": {"$textBase64": "wyg="}, "r": {"$real": "-Infinity"}, "b": {"$base64": ""}}
            {"t": "plain", "r": 1.5, "b": {"$base64": "AP8="}}
            {"t": "nan", "r": {"$real": "NaN"}, "b": null}

            """#, as: "tagged.jsonl")
        // A NaN (PostgreSQL's, exported) is the text `NaN` in its REAL column: SQLite stores no NaN.
        XCTAssertEqual(try database.fetchAll("SELECT typeof(t), hex(t), r, typeof(b), hex(b) FROM tagged ORDER BY rowid"), [
            [.text("text"), .text("C328"), .real(-.infinity), .text("blob"), .text("")],
            [.text("text"), .text(Hex.encode("plain".utf8, uppercase: true)), .real(1.5), .text("blob"), .text("00FF")],
            [.text("text"), .text(Hex.encode("nan".utf8, uppercase: true)), .text("NaN"), .text("null"), .text("")],
        ])
    }

    /// A blob exported to CSV (`\x` and hex, as PostgreSQL writes a bytea) comes back a blob: a
    /// column of nothing but such fields is a BLOB column (it came back as base64 text).
    func testBlobsExportedToCSVComeBackAsBlobs() throws {
        try database.executeScript("""
            CREATE TABLE pictures (id INTEGER PRIMARY KEY, photo BLOB, note TEXT);
            INSERT INTO pictures VALUES (1, X'89504E470D0A1A0A', 'png'), (2, X'', NULL), (3, NULL, 'none'), (4, X'0A', '\\x0a');
            """)
        let file = folder.appendingPathComponent("pictures.csv").path
        let source = try TableSource(table: database.table("pictures"))
        _ = try Exporter(rows: TableRows(source), table: "pictures", columns: source.columns.map(\.name), format: .csv,
                         path: file).run { _ in }
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8),
                       "id,photo,note\r\n1,\\x89504e470d0a1a0a,png\r\n2,\\x,\r\n3,,none\r\n4,\\x0a,\\\\x0a\r\n")
        let table = try importBytes(Array(try Data(contentsOf: URL(fileURLWithPath: file))), as: "pictures again.csv")
        XCTAssertEqual(table.kinds, [.integer, .blob, .text])
        XCTAssertEqual(try database.fetchAll("SELECT typeof(photo), hex(photo), note FROM \"pictures again\" ORDER BY id"), [
            [.text("blob"), .text("89504E470D0A1A0A"), .text("png")],
            [.text("blob"), .text(""), .null],
            [.text("null"), .text(""), .text("none")],
            [.text("blob"), .text("0A"), .text("\\x0a")],
        ])
    }

    // MARK: - JSON

    func testJSONLinesKeepKeyOrderTypesAndBlobs() throws {
        let table = try importText("""
            {"id": 1, "name": "Ada", "score": 9.5, "tags": ["a", "b"], "ok": true, "big": 123456789012345678901}
            {"id": 2, "name": null, "score": 12, "extra": {"k": "v"}, "ok": false, "avatar": {"$base64": "AP8="}}

            not json at all
            [1, 2]
            {"name": "Zoë", "id": 3}

            """, as: "events.jsonl")
        XCTAssertEqual(table.columns, ["id", "name", "score", "tags", "ok", "big", "extra", "avatar"])
        XCTAssertEqual(table.kinds, [.integer, .text, .real, .text, .integer, .text, .text, .blob])
        XCTAssertEqual(table.rows, 3)
        XCTAssertEqual(table.problems.map(\.line), [4, 5])
        XCTAssertEqual(try rows("events"), [
            [.integer(1), .text("Ada"), .real(9.5), .text("[\"a\",\"b\"]"), .integer(1), .text("123456789012345678901"), .null, .null],
            [.integer(2), .null, .real(12), .null, .integer(0), .null, .text("{\"k\":\"v\"}"), .blob(Data([0, 255]))],
            [.integer(3), .text("Zoë"), .null, .null, .null, .null, .null, .null],
        ])
    }

    func testAJSONArrayOfObjectsOrOneObject() throws {
        _ = try importText(#"""
            [
              {"a": 1, "b": "x, \"quoted\" ] }"},
              {"b": "\u00e9\ud83d\ude00", "a": 2}
            ]
            """#, as: "array.json")
        XCTAssertEqual(try rows("array"), [[.integer(1), .text("x, \"quoted\" ] }")], [.integer(2), .text("é😀")]])
        _ = try importText("{\"only\": \"one\"}", as: "object.json")
        XCTAssertEqual(try rows("object"), [[.text("one")]])
    }

    func testAJSONDocumentCutShortOrNotAnArrayIsRefused() throws {
        XCTAssertThrowsError(try importText("[{\"a\": 1}, {\"a\": 2}", as: "cut.json")) {
            XCTAssertTrue(($0 as? ImportError)?.reason.contains("ends before its closing bracket") ?? false, "\($0)")
        }
        XCTAssertThrowsError(try importText("42", as: "scalar.json")) {
            XCTAssertTrue(($0 as? ImportError)?.reason.contains("not an array or an object") ?? false, "\($0)")
        }
    }

    func testJSONParserKeepsNumbersAsWrittenAndRefusesBadText() throws {
        XCTAssertEqual(try JSONParser.parse(Array("[1.50, -0, 1e400]".utf8)), .array([.number("1.50"), .number("-0"), .number("1e400")]))
        for bad in ["[01]", "{\"a\" 1}", "[1,]", "\"\u{01}\"", "[", "tru", "1 2"] {
            XCTAssertThrowsError(try JSONParser.parse(Array(bad.utf8)), bad)
        }
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        XCTAssertThrowsError(try JSONParser.parse(Array(deep.utf8)), "refused, not a stack overflow")
    }

    func testRandomBytesNeverCrashAnImport() throws {
        var generator = SeededGenerator(seed: 20261124)
        let alphabet = Array("a,;\t|\"\\x0\n\r{}[]:-1.e $ü".utf8) + [0xC3, 0xFF, 0x80]
        for round in 0..<120 {
            let length = Int.random(in: 0..<200, using: &generator)
            let bytes = (0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }
            for name in ["r\(round).csv", "r\(round).tsv", "r\(round).jsonl", "r\(round).json"] {
                do {
                    let table = try importBytes(bytes, as: name)
                    XCTAssertEqual(try database.scalar("SELECT count(*) FROM \(identifier: table.name)"), .integer(Int64(table.rows)))
                } catch is ImportError {
                    // Refused with a reason: what a bad file gets.
                }
            }
        }
    }

    // MARK: - Names

    func testTableNamesComeFromFileNamesAndStayUnique() {
        XCTAssertEqual(FileImporter.tableName(for: "/data/sales.2024.csv", taken: []), "sales.2024")
        XCTAssertEqual(FileImporter.tableName(for: "Sales.csv", taken: ["sales"]), "Sales_2")
        XCTAssertEqual(FileImporter.tableName(for: ".hidden", taken: []), ".hidden")
        XCTAssertEqual(ImportFormat.of(path: "a/B.CSV"), .csv)
        XCTAssertEqual(ImportFormat.of(path: "x.ndjson"), .jsonLines)
        XCTAssertNil(ImportFormat.of(path: "chinook.sqlite"))
        XCTAssertNil(ImportFormat.of(path: "dir.csv/file"))
    }

    // MARK: - Helpers

    private func importText(_ text: String, as name: String) throws -> ImportedTable {
        try importBytes(Array(text.utf8), as: name)
    }

    private func importBytes(_ bytes: [UInt8], as name: String) throws -> ImportedTable {
        let path = folder.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        guard let format = ImportFormat.of(path: path) else {
            throw ImportError(path: path, reason: "no format")
        }
        let taken = Set(try database.schemaObjects().map { $0.name.lowercased() })
        return try FileImporter.importFile(path, format: format, into: database,
                                           table: FileImporter.tableName(for: path, taken: taken))
    }

    private func rows(_ table: String) throws -> [[SQLValue]] {
        try database.fetchAll("SELECT * FROM \(identifier: table) ORDER BY rowid")
    }
}
