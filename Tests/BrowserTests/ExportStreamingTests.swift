import Foundation
import Synchronization
import ORMCore
import XCTest
@testable import Browser

/// Long values streamed from the database to an export file a chunk at a time (``LongValueWriter``)
/// give the very bytes the encoders write for the values held whole, however the chunks fall: a
/// character of several bytes, a quote to double, a `\r` or a NUL that changes the whole value's
/// encoding, a base64 group, all across chunk boundaries.
final class ExportStreamingTests: XCTestCase {
    /// The folder of the test's files.
    private var directory: URL!
    /// The source database.
    private var database: Database!

    /// The values of `body` (and `note`), as SQL expressions: long ones built by `replace` and
    /// `zeroblob` so that chunks of a few bytes cut them everywhere.
    private static let texts = [
        "NULL", "''", "'short'", "replace(hex(zeroblob(40)), '00', 'é漢😀\"x')",
        "replace(hex(zeroblob(30)), '00', 'a,b' || char(10) || 'c')",
        "replace(hex(zeroblob(30)), '00', 'q''uote' || char(13))", "'nul' || char(0) || replace(hex(zeroblob(20)), '00', 'z')",
        "CAST(X'61FF62' || zeroblob(40) AS TEXT)", "CAST(replace(hex(zeroblob(40)), '00', 'ab') || X'C328' AS TEXT)",
        #"'\\\x' || replace(hex(zeroblob(30)), '00', '漢')"#, #"'\\\\' || replace(hex(zeroblob(30)), '00', 'y')"#,
        "replace(hex(zeroblob(40)), '00', char(9) || char(31) || '\\' || char(127))", "42", "2.5",
    ]
    /// The values of `data`.
    private static let blobs = ["NULL", "X''", "X'00FF10'", "zeroblob(50)", "randomblob(51)", "randomblob(52)", "randomblob(53)"]

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("reef-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        database = try Database(path: directory.appendingPathComponent("long.sqlite").path)
        try database.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, body, data BLOB, note TEXT)")
        for (index, text) in Self.texts.enumerated() {
            let blob = Self.blobs[index % Self.blobs.count]
            let note = Self.texts[(index + 3) % Self.texts.count]
            try database.execute(SQL(stringLiteral: "INSERT INTO t (body, data, note) VALUES (\(text), \(blob), \(note))"))
        }
    }

    override func tearDownWithError() throws {
        database = nil
        try? FileManager.default.removeItem(at: directory)
    }

    /// Every format, every column and a subset of the columns, chunks of 1 to 64 bytes: the
    /// streamed file is the file written from whole values.
    func testStreamedExportsAreByteForByteTheWholeValuesExports() throws {
        let source = try TableSource(table: database.table("t"))
        let columns = source.columns.map(\.name)
        for format in [ExportFormat.csv, .tsv, .json, .jsonLines, .sqlInserts] {
            var whole = TableRows(source)
            whole.markedQuery = nil
            let expected = try export(whole, columns: columns, format: format)
            let shownWhole = try export(ShownColumnRows(rows: whole, indexes: [3, 1, 0]), columns: ["note", "body", "id"],
                                        format: format)
            for chunkBytes in [1, 2, 3, 7, 64] {
                var streamed = TableRows(source)
                XCTAssertNotNil(streamed.markedQuery)
                streamed.streamedBytes = 16
                streamed.chunkBytes = chunkBytes
                XCTAssertEqual(try export(streamed, columns: columns, format: format), expected, "\(format), chunks of \(chunkBytes)")
                XCTAssertEqual(try export(ShownColumnRows(rows: streamed, indexes: [3, 1, 0]), columns: ["note", "body", "id"],
                                          format: format),
                               shownWhole, "\(format), chunks of \(chunkBytes), some columns")
            }
        }
    }

    /// A copy for the clipboard (`gY`) streams long values too: the same text, or the same size
    /// when it is too long to keep.
    func testClipboardCopiesStreamLongValuesToTheSameText() throws {
        let source = try TableSource(table: database.table("t"))
        let columns = source.columns.map(\.name)
        var whole = TableRows(source)
        whole.markedQuery = nil
        var streamed = TableRows(source)
        streamed.streamedBytes = 16
        streamed.chunkBytes = 3
        for format in [ExportFormat.csv, .tsv, .json, .jsonLines] {
            for limit in [1 << 20, 500] {
                let expected = try ClipboardText(rows: whole, columns: columns, format: format, limit: limit).run()
                XCTAssertEqual(try ClipboardText(rows: streamed, columns: columns, format: format, limit: limit).run(), expected,
                               "\(format), limit \(limit)")
                if limit == 500, case .text = expected {
                    XCTFail("\(format): expected too long")
                }
            }
        }
    }

    /// The long values do come as ``LongValue``s, each read in chunks of the size asked, and the
    /// short ones whole.
    func testLongValuesAreHandedOverToStream() throws {
        var rows = TableRows(try TableSource(table: database.table("t")))
        rows.streamedBytes = 16
        rows.chunkBytes = 5
        var longs = 0, values = 0, largestChunk = 0, streamedBytes = 0
        try rows.forEachStreamingPage(size: 100) { page in
            for cell in page.joined() {
                switch cell {
                case .value: values += 1
                case .long(let long):
                    longs += 1
                    var size = 0
                    try long.read { chunk in
                        largestChunk = max(largestChunk, chunk.count)
                        size += chunk.count
                    }
                    XCTAssertEqual(size, long.size)
                    streamedBytes += size
                }
            }
            return true
        }
        XCTAssertGreaterThanOrEqual(longs, 15)
        XCTAssertGreaterThan(values, 10)
        XCTAssertEqual(largestChunk, 5)
        XCTAssertGreaterThan(streamedBytes, 2_000)
    }

    /// A table whose values all fit in their pages is read as it is, sorted or not: no marker of a
    /// long value (a 1 KiB blob a text) goes through the statement, which SQLite's sorter would
    /// carry for every row.
    func testATableWithoutLongValuesIsReadWithoutMarkers() throws {
        let statements = Mutex<[String]>([])
        var configuration = Configuration()
        configuration.tracer = { sql in statements.withLock { $0.append(sql) } }
        let path = directory.appendingPathComponent("short.sqlite").path
        let writer = try Database(path: path)
        try writer.executeScript("CREATE TABLE s (id INTEGER PRIMARY KEY, h TEXT); INSERT INTO s (h) VALUES ('b'), ('a'), ('c');")
        let source = try TableSource(table: Database(path: path, configuration: configuration).table("s"))
            .changed(sort: GridSort(column: 1, descending: false), filter: nil)
        let rows = TableRows(source)
        XCTAssertNotNil(rows.markedQuery, "the view can mark long values")
        statements.withLock { $0.removeAll() }
        var read: [[String]] = []
        try rows.forEachStreamingPage(size: 10) { page in
            read += page.map { $0.map { cell in if case .value(.text(let text)) = cell { text } else { "?" } } }
            return true
        }
        XCTAssertEqual(read.map(\.last), ["a", "b", "c"])
        XCTAssertFalse(statements.withLock { $0 }.contains { $0.contains("zeroblob") }, statements.withLock { $0 }.joined(separator: "\n"))
    }

    /// A 3 MB text and a 2 MB blob streamed with the usual chunks load back exactly: the `.sql`
    /// file through `sqlite3`, the JSON lines by parsing them.
    func testLargeValuesLoadBack() throws {
        try database.execute("DELETE FROM t")
        try database.execute("""
            INSERT INTO t (id, body, data, note) VALUES (1, replace(hex(zeroblob(300000)), '00', 'O''Br"ié😀'), \
            randomblob(2000001), 'n')
            """)
        let source = try TableSource(table: database.table("t"))
        let rows = TableRows(source)
        let sqlFile = directory.appendingPathComponent("long.sql").path
        _ = try Exporter(rows: rows, table: "t", columns: source.columns.map(\.name), format: .sqlInserts, path: sqlFile).run { _ in }
        let loaded = directory.appendingPathComponent("loaded.sqlite").path
        XCTAssertEqual(try ExportReaders.sqlite3(loaded, input: sqlFile), "")
        let check: SQL = "SELECT id, hex(body), hex(data), typeof(body), typeof(data), note FROM t"
        XCTAssertEqual(try Database(path: loaded).fetchAll(check), try database.fetchAll(check))

        let jsonFile = directory.appendingPathComponent("long.jsonl").path
        _ = try Exporter(rows: rows, table: "t", columns: source.columns.map(\.name), format: .jsonLines, path: jsonFile).run { _ in }
        let line = try Data(contentsOf: URL(fileURLWithPath: jsonFile))
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: line) as? [String: Any])
        let body = try XCTUnwrap(object["body"] as? String)
        XCTAssertEqual(body, String(repeating: "O'Br\"ié😀", count: 300_000))
        let data = try XCTUnwrap((object["data"] as? [String: Any])?["$base64"] as? String)
        XCTAssertEqual(try database.scalar("SELECT data FROM t"), .blob(try XCTUnwrap(Data(base64Encoded: data))))
    }

    /// The bytes `rows` export to as `format`.
    private func export(_ rows: any ExportRows, columns: [String], format: ExportFormat) throws -> Data {
        let file = directory.appendingPathComponent("export-\(UUID().uuidString)").path
        _ = try Exporter(rows: rows, table: "t", columns: columns, format: format, path: file).run { _ in }
        return try Data(contentsOf: URL(fileURLWithPath: file))
    }
}
