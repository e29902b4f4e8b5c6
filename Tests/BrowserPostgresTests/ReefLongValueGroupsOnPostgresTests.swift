import Foundation
import PostgresClient
import PostgresTestSupport
import XCTest

@testable import Browser
@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// `F` and `I` on PostgreSQL group, sort and compare a long text or `bytea` by its key made on the
/// server (``ServerValueKey``: its start, size and SHA-256), never receiving the value whole; the
/// frequency table shows a long value as SQLite's does (its start, cut, the same counts), and
/// `Enter` on it opens exactly the rows holding it (by size and digest, on the server).
final class ReefLongValueGroupsOnPostgresTests: XCTestCase {
    /// A long text; another of the same start and size, which differs at its end.
    private let longText = "Zoë " + String(repeating: "ab€", count: 100_000)
    private var otherText: String { "Zoë " + String(repeating: "ab€", count: 99_999) + "ab₤" }
    /// The most bytes a key of a long value holds (a text's start is its first 1,024 characters).
    private let keyBytes = 4 * 1_024 + ServerValueKey.longestTail

    /// A database holding `docs`: rows 1 and 2 the same long text and `bytea`, row 3 the other
    /// long text, row 4 short values.
    private func makeDocs() throws -> Database {
        let server = try TestPostgresServer.shared()
        let conninfo = server.connectionString(database: try server.makeDatabase("reef_long_groups", for: self))
        try PGConnection(conninfo).executeScript("""
            CREATE TABLE docs (id int PRIMARY KEY, body text, data bytea);
            INSERT INTO docs VALUES (3, NULL, '\\x0102'), (4, 'short', NULL);
            """)
        let database = try DatabaseOpener.open(conninfo, readOnly: false)
        let blob = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        try database.execute("INSERT INTO docs VALUES (1, ?, ?), (2, ?, ?)", longText, blob, longText, blob)
        try database.execute("UPDATE docs SET body = ? WHERE id = 3", otherText)
        return database
    }

    /// Fails when a value of `rows` is longer than a key.
    private func assertNoValueWhole(_ rows: [[SQLValue]], _ what: String, line: UInt = #line) {
        for row in rows {
            for value in row {
                switch value {
                case .text(let text): XCTAssertLessThanOrEqual(text.utf8.count, keyBytes, what, line: line)
                case .blob(let data): XCTAssertLessThanOrEqual(data.count, keyBytes, what, line: line)
                default: break
                }
            }
        }
    }

    func testFGroupsLongValuesByTheirKeysAndEnterOpensTheirRows() throws {
        let database = try makeDocs()
        let app = try App(database: database, theme: .builtinDefault, initialTable: "docs")
        let runner = HeadlessRunner(app: app, columns: 140, rows: 10)
        _ = runner.run(try KeyScript.parse("lF"))
        let frequencies = try XCTUnwrap(app.currentGrid?.source as? PagedSource)
        // What the server sends: keys, never the 300,004-byte values.
        assertNoValueWhole(try database.fetchRows(frequencies.query.firstWindowCounting(limit: 10)).rows, "F on body")
        let rows = try frequencies.rows(0..<3)
        XCTAssertEqual(rows.map { $0.values[1] }, [.integer(2), .integer(1), .integer(1)])
        XCTAssertEqual(rows[0].values[0], GridValue(.text(longText)), "the start as SQLite's key shows it, and the size")
        XCTAssertEqual(Set(rows[1...].map { $0.values[0] }), [GridValue(.text(otherText)), .text("short")])
        XCTAssertNotNil(rows[0].groupKey)
        // Enter: the two rows holding the long text, and only them.
        let opened = runner.run(try KeyScript.parse("<Enter>")).last ?? []
        let group = try XCTUnwrap(app.currentGrid?.source)
        XCTAssertEqual(try group.count(), 2, opened.joined(separator: "\n"))
        XCTAssertEqual(try group.rows(0..<2).map { $0.values[0] }.sorted { "\($0)" < "\($1)" }, [.integer(1), .integer(2)])
        XCTAssertTrue(opened.last?.contains("body = 'Zoë ab€ab€ab€ab€ab€a'… (500005 bytes)") ?? false, opened.last ?? "")
        // The other text of the same start and size is a group of its own.
        // It shows as the first does (the same start and size): it is the one counted once.
        let other = try XCTUnwrap(try frequencies.rows(0..<3).firstIndex { $0.groupKey != nil && $0.values[1] == .integer(1) })
        let second = try App(database: database, theme: .builtinDefault, initialTable: "docs")
        let secondRunner = HeadlessRunner(app: second, columns: 140, rows: 10)
        _ = secondRunner.run(try KeyScript.parse("lF"))
        let back = secondRunner.run(try KeyScript.parse(String(repeating: "j", count: other) + "<Enter>")).last ?? []
        let otherGroup = try XCTUnwrap(second.currentGrid?.source)
        XCTAssertEqual(try otherGroup.count(), 1, back.joined(separator: "\n"))
        XCTAssertEqual(try otherGroup.rows(0..<1).first?.values[0], .integer(3))
    }

    /// On a server without `sha256` (PostgreSQL 10 and older) the keys end with its MD5: the
    /// frequency table shows and counts the long values as with SHA-256, and a group's rows are
    /// exactly those of its value (MD5 forced here; the tests' server has both).
    func testFGroupsLongValuesByMD5KeysWhereTheServerHasNoSHA256() throws {
        let database = try makeDocs()
        for (column, kind) in [("body", LongValueKind.text), ("data", .blob)] {
            var query = try FrequencyQuery(relation: "\(identifier: "docs")", column: column, filter: nil, dialect: .postgres)
            query.serverKinds = [kind]
            query.serverDigest = .md5
            let frequencies = try query.source(in: database, title: column)
            let rows = try frequencies.rows(0..<4)
            let long = try XCTUnwrap(rows.first { $0.values[1] == .integer(2) }, column)
            let key = try XCTUnwrap(long.groupKey, "\(column): a long value's row keeps its key")
            let group = query.group(keeping: key)
            let ids = try database.fetchAll("SELECT id FROM \(sql: group.restricting("\(identifier: "docs")")) ORDER BY id")
            XCTAssertEqual(ids, [[.integer(1)], [.integer(2)]], column)
        }
    }

    func testFOnAByteaGroupsItsLongValuesByTheirKeys() throws {
        let database = try makeDocs()
        let app = try App(database: database, theme: .builtinDefault, initialTable: "docs")
        let runner = HeadlessRunner(app: app, columns: 140, rows: 10)
        _ = runner.run(try KeyScript.parse("llF"))
        let frequencies = try XCTUnwrap(app.currentGrid?.source as? PagedSource)
        assertNoValueWhole(try database.fetchRows(frequencies.query.firstWindowCounting(limit: 10)).rows, "F on data")
        let rows = try frequencies.rows(0..<3)
        XCTAssertEqual(rows[0].values[1], .integer(2))
        XCTAssertEqual(rows[0].values[0], .blob(byteCount: 300_000, prefix: (0..<64).map { UInt8(truncatingIfNeeded: $0 &* 7) }))
        _ = runner.run(try KeyScript.parse("<Enter>"))
        XCTAssertEqual(try XCTUnwrap(app.currentGrid?.source).count(), 2)
    }

    func testISummarisesLongValuesByTheirKeys() throws {
        let database = try makeDocs()
        let query = try SummaryQuery(relation: "\(identifier: "docs")", columns: ["id", "body", "data"], filter: nil,
                                     dialect: .postgres, declaredTypes: ["integer", "text", "bytea"])
        assertNoValueWhole(try database.fetchRows(query.overview(of: 0..<3)).rows, "the overview's min and max")
        for index in 1...2 {
            assertNoValueWhole(try database.fetchRows(query.groups(of: index)).rows, "the groups of column \(index)")
        }
        let start = ["id", "body", "data"].map { ColumnSummary(name: $0, declaredType: "") }
        let summaries = try SummaryWorker(database: database, query: query).run(from: start) { _, _ in }
        XCTAssertEqual(summaries[1].distinct, 3)
        XCTAssertEqual(summaries[2].distinct, 2)
        XCTAssertEqual(summaries[2].minimum, .blob(byteCount: 300_000, prefix: (0..<64).map { UInt8(truncatingIfNeeded: $0 &* 7) }))
        XCTAssertEqual(summaries[2].maximum, .blob(byteCount: 2, prefix: [1, 2]))
        let texts = [summaries[1].minimum, summaries[1].maximum]
        XCTAssertTrue(texts.contains(.text("short")), "\(texts)")
        XCTAssertTrue(texts.contains(GridValue(.text(longText))) || texts.contains(GridValue(.text(otherText))), "\(texts)")
    }
}
