import Foundation
import ORMCore
import XCTest
@testable import Browser

/// A long value costs what is shown of it: the grid keeps its first kilobyte, the record view its
/// first 16 KiB with a line saying how long it is, and `y` copies it whole.
final class LongValueTests: XCTestCase {
    private var fixture: BrowserFixture!
    /// Two megabytes of text, lines of 100 characters.
    private let long = String(repeating: String(repeating: "w", count: 99) + "\n", count: 20_000)

    override func setUpWithError() throws {
        fixture = try BrowserFixture()
        try Database(path: fixture.path).execute(
            "INSERT INTO albums (id, artist_id, title, cover, notes) VALUES (5, 1, 'Long', zeroblob(3000000), ?)", long)
    }

    override func tearDown() {
        fixture.remove()
    }

    func testTheGridKeepsTheStartOfALongValue() throws {
        let source = try TableSource(table: try fixture.open().table("albums"))
        let row = try XCTUnwrap(source.rows(4..<5).first)
        guard case .longText(let prefix, let byteCount) = row.values[4] else {
            return XCTFail("\(row.values[4])")
        }
        XCTAssertEqual(byteCount, long.utf8.count)
        XCTAssertLessThanOrEqual(prefix.utf8.count, GridValue.keptTextBytes)
        XCTAssertTrue(long.hasPrefix(prefix))
        guard case .blob(let size, let bytes) = row.values[3] else {
            return XCTFail("\(row.values[3])")
        }
        XCTAssertEqual(size, 3_000_000)
        XCTAssertEqual(bytes.count, GridValue.keptBlobBytes)
        XCTAssertEqual(try source.find(text: "w\nw", from: -1, forward: true), 4, "search sees the whole value")
    }

    func testTheRecordViewShowsTheFirst16KiBAndSaysHowLongItIs() throws {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "albums")
        let runner = HeadlessRunner(app: app, columns: 110, rows: 12)
        _ = runner.run(try KeyScript.parse("jjjj<Enter>"))
        guard let record = app.state.top as? RecordController else {
            return XCTFail("\(app.state.top)")
        }
        let lines = record.view(width: app.size.columns).lines
        XCTAssertLessThan(lines.count, 400, "16 KiB of 100-character lines, not 20,000 lines")
        XCTAssertTrue(lines.contains { $0.contains("… the first 16.0 KiB of 1.9 MiB: E opens it all, y copies it") },
                      lines.suffix(3).joined(separator: "\n"))
        XCTAssertTrue(lines.contains { $0.contains("cover     │ <2.9 MiB> 00 00") }, lines.prefix(6).joined(separator: "\n"))
    }

    /// The record view reads the start of a long text in a rowid table without loading the rest,
    /// and ends it on a whole character; a WITHOUT ROWID table's row is read again by key.
    func testTheRecordViewReadsTheStartOfLongTextWholeCharactersOnly() throws {
        let database = try fixture.open()
        let euros = String(repeating: "€", count: 20_000)  // 3 bytes each: 16,384 is inside one
        try database.execute("UPDATE albums SET notes = ? WHERE id = 5", euros)
        try database.execute("CREATE TABLE keyed (k TEXT PRIMARY KEY, body TEXT) WITHOUT ROWID")
        try database.execute("INSERT INTO keyed VALUES ('a', ?)", euros)
        for (table, key) in [("albums", SQLValue.integer(5)), ("keyed", .text("a"))] {
            let source = try TableSource(table: database.table(table))
            let row = try XCTUnwrap(source.rows(0..<10).first { $0.key?.values == [key] })
            let longer = try XCTUnwrap(try source.longerValues(row.values, key: RowKey(values: [key]), textBytes: 16_384))
            let column = try XCTUnwrap(source.columns.firstIndex { $0.name == (table == "albums" ? "notes" : "body") })
            XCTAssertEqual(longer[column], .longText(prefix: String(repeating: "€", count: 5_461), byteCount: 60_000), table)
        }
    }

    func testYankCopiesTheWholeValue() throws {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "albums")
        let runner = HeadlessRunner(app: app, columns: 110, rows: 12)
        _ = runner.run(try KeyScript.parse("jjjjlllly"))
        let copied = runner.backend.clipboard.last ?? ""
        XCTAssertTrue(copied == long, "copied \(copied.utf8.count) bytes: \(copied.prefix(40))")
        _ = runner.run(try KeyScript.parse("hy"))
        XCTAssertEqual(runner.backend.clipboard.last?.utf8.count, 6_000_000, "the blob in hex")
    }

    /// A value the grid knows is longer than the clipboard takes is not read at all: `Y` leaves
    /// it empty and `y` says so (before, each was read whole, then refused: 100 MB for a row of a
    /// 50 MB text and a 50 MB blob).
    func testYankDoesNotReadAValueTooLongForTheClipboard() throws {
        let database = try fixture.open()
        let text = String(repeating: "t", count: Exports.clipboardLimit + 1)
        try database.execute("UPDATE albums SET notes = ?, cover = zeroblob(?) WHERE id = 5", text, Exports.clipboardLimit / 2 + 1)
        let app = try App(database: database, theme: .builtinDefault, initialTable: "albums")
        let runner = HeadlessRunner(app: app, columns: 110, rows: 12)
        _ = runner.run(try KeyScript.parse("jjjj"))
        for (keys, said) in [("Y", "values too long for the clipboard left empty"), ("lllly", "too long to copy"),
                             ("hy", "too long to copy")] {
            SQLiteMemory.resetPeak()
            let before = SQLiteMemory.used
            let screen = runner.run(try KeyScript.parse(keys)).last ?? []
            XCTAssertLessThan(SQLiteMemory.peak - before, 1 << 20, "\(keys): the value was read")
            XCTAssertTrue(screen.last?.contains(said) == true, "\(keys): \(screen.last ?? "")")
        }
        XCTAssertEqual(runner.backend.clipboard.count, 1)
        XCTAssertEqual(runner.backend.clipboard.first?.components(separatedBy: "\t"), ["5", "1", "Long", "", "", ""])
    }
}
