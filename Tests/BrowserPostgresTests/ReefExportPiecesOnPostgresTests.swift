import Foundation
import PostgresClient
import PostgresTestSupport
import XCTest

@testable import Browser
@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// Exports of a PostgreSQL table read its long texts and `bytea`s in pieces on the server
/// (``ServerLongColumns``): a page of rows holds each long value's size, and the value is read
/// by key a piece a round trip while it is written, never received whole; the file holds the
/// very bytes the encoders write for the value held whole.
final class ReefExportPiecesOnPostgresTests: XCTestCase {
    /// The long text: quotes, separators, line breaks and characters of two to four bytes.
    private let longText = "Zoë \"says\", 'hi'\t\n" + String(repeating: "ab€😀,\"", count: 40_000)

    /// A database holding `docs`: row 2 a long text and a long `bytea`, the others short.
    private func database() throws -> Database {
        let server = try TestPostgresServer.shared()
        let conninfo = server.connectionString(database: try server.makeDatabase("reef_pieces", for: self))
        try PGConnection(conninfo).executeScript("""
            CREATE TABLE docs (id bigint PRIMARY KEY, name varchar(20), body text, data bytea, n integer);
            INSERT INTO docs VALUES (1, 'one', 'short', '\\x0102', 1), (3, 'three', NULL, NULL, NULL);
            """)
        let database = try DatabaseOpener.open(conninfo, readOnly: false)
        var blob = [UInt8](repeating: 0, count: 300_001)
        for index in blob.indices { blob[index] = UInt8(truncatingIfNeeded: index &* 7) }
        try database.execute("INSERT INTO docs VALUES (2, 'two', ?, ?, 2)", longText, Data(blob))
        return database
    }

    /// The rows `source` streams, each long value's chunks' sizes by column.
    private func streamedChunks(_ rows: TableRows) throws -> [Int: [Int]] {
        var chunks: [Int: [Int]] = [:]
        try rows.forEachStreamingPage(size: 500) { page in
            for row in page {
                for (index, cell) in row.enumerated() {
                    guard case .long(let value) = cell else { continue }
                    try value.read { chunks[index, default: []].append($0.count) }
                }
            }
            return true
        }
        return chunks
    }

    func testALongTextAndByteaAreReadInPiecesOnTheServer() throws {
        let database = try database()
        var rows = TableRows(try TableSource(table: database.table("docs")))
        rows.serverColumns?.pieceLength = 50_000
        XCTAssertNotNil(rows.serverColumns)
        let chunks = try streamedChunks(rows)
        XCTAssertEqual(chunks.keys.sorted(), [2, 3], "the long text and bytea are streamed, nothing else")
        // 240,018 characters in pieces of 50,000 characters; 300,001 bytes in pieces of 50,000.
        XCTAssertEqual(chunks[2]?.count, 5)
        XCTAssertEqual(chunks[2]?.reduce(0, +), longText.utf8.count)
        XCTAssertEqual(chunks[3], [50_000, 50_000, 50_000, 50_000, 50_000, 50_000, 1])
    }

    /// Every format writes the same file as from the values read whole.
    func testEachFormatWritesWhatTheWholeValuesWrite() throws {
        let database = try database()
        let source = try TableSource(table: database.table("docs"), sort: GridSort(column: 0, descending: true))
        var pieces = TableRows(source)
        pieces.serverColumns?.pieceLength = 70_000
        var whole = TableRows(source)
        whole.serverColumns = nil
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reef-pieces-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        for format in [ExportFormat.csv, .tsv, .json, .jsonLines, .sqlInserts] {
            var written: [String] = []
            for (name, rows) in [("pieces", pieces), ("whole", whole)] {
                let path = directory.appendingPathComponent("\(name).\(format)").path
                let count = try Exporter(rows: rows, table: "docs", columns: source.columns.map(\.name), format: format,
                                         path: path).run { _ in }
                XCTAssertEqual(count, 3)
                written.append(try String(contentsOfFile: path, encoding: .utf8))
            }
            XCTAssertEqual(written[0], written[1], "\(format)")
            XCTAssertTrue(written[0].contains("€😀"), "\(format)")
        }
    }

    /// A view with a filter reads the rows it keeps, in the order the whole rows come in.
    func testAFilteredViewStreamsItsRows() throws {
        let database = try database()
        let source = try TableSource(table: database.table("docs"), filter: "n >= 2 OR n IS NULL")
        var whole = TableRows(source)
        whole.serverColumns = nil
        var wholeIDs: [ExportValue] = []
        try whole.forEachPage(size: 10) { page in
            wholeIDs += page.map { $0[0] }
            return true
        }
        var ids: [ExportValue] = []
        try TableRows(source).forEachStreamingPage(size: 1) { page in
            for row in page {
                guard case .value(let id) = row[0] else { return false }
                ids.append(id)
            }
            return true
        }
        XCTAssertEqual(Set(ids), [.integer(2), .integer(3)])
        XCTAssertEqual(ids, wholeIDs)
    }
}
