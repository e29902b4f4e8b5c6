import Foundation
import ORMCore
import TerminalTestSupport
import XCTest
@testable import Browser

/// Every change to rows (edit, NULL, `$EDITOR`, insert, duplicate, mark, delete) is refused with
/// the same status-bar reason where rows cannot be written: views, query results, `--readonly`,
/// a read-only file, a read-only folder.
final class ReadOnlyEditTests: XCTestCase {
    /// The fixture database, new for each test.
    private var fixture: BrowserFixture!

    /// The keys of every row change (`dd` would ask first; it is refused before asking).
    private let changeKeys = ["i", "x", "E", "o", "D", "m", "dd"]

    /// Builds the fixture.
    override func setUpWithError() throws {
        fixture = try BrowserFixture()
    }

    /// Gives the permissions back so the fixture can be removed, and removes it.
    override func tearDown() {
        try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fixture.directory.path)
        try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: fixture.path)
        fixture.remove()
    }

    /// Asserts that each change key on `table` says `reason` and stages nothing.
    private func assertRefused(_ reason: String, table: String?, prefix: String = "", readOnly: Bool = false,
                               file: StaticString = #filePath, line: UInt = #line) throws {
        for key in changeKeys {
            let screen = try fixture.screen(prefix + key, columns: 120, rows: 6, table: table, readOnly: readOnly)
            let status = screen.last ?? ""
            XCTAssertTrue(status.contains(reason), "\(key): \(status)", file: file, line: line)
            XCTAssertFalse(status.contains("pending"), "\(key): \(status)", file: file, line: line)
            XCTAssertFalse(screen.joined().contains("Delete"), "\(key): no question asked", file: file, line: line)
        }
    }

    /// The rows of `artists`, read by a connection of its own.
    private func artists() throws -> [[SQLValue]] {
        try Database(path: fixture.path).fetchAll("SELECT * FROM artists ORDER BY id")
    }

    /// A view has no key to write rows by.
    func testViewsRefuseRowChanges() throws {
        try assertRefused("read-only: album_titles is a view", table: "album_titles")
    }

    /// Query results are not a table.
    func testQueryResultsRefuseRowChanges() throws {
        try assertRefused("read-only: query results cannot be edited; open a table", table: nil,
                          prefix: "eSELECT * FROM artists<Enter>")
    }

    /// `--readonly` refuses every change.
    func testReadOnlyOptionRefusesRowChanges() throws {
        try assertRefused("read-only: the database is open with --readonly", table: "artists", readOnly: true)
    }

    /// A file without write permission is refused before anything is staged (even for root,
    /// who could write it).
    func testReadOnlyFileRefusesRowChanges() throws {
        let before = try artists()
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: fixture.path)
        try assertRefused("read-only: fixture.sqlite is a read-only file", table: "artists")
        XCTAssertEqual(try artists(), before)
    }

    /// The SQL prompt refuses writes to such a file as cell edits are refused (root could write
    /// it, SQLite would not stop it); queries still run.
    func testReadOnlyFileRefusesWritesFromTheSQLPrompt() throws {
        let before = try artists()
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: fixture.path)
        // A refused statement stays in the SQL editor, the refusal said above it; Esc closes it,
        // its buffer keeping the text (Ctrl-U clears it).
        let screens = try fixture.headless("eDELETE FROM artists<Enter><dump><Esc>e<C-u>CREATE TABLE t (x)<Enter><dump><Esc>"
                                           + "e<C-u>SELECT count(*) FROM artists<Enter>", columns: 80, rows: 4)
        for screen in screens[0...1] {
            XCTAssertTrue(screen[2].contains("✗ read-only: fixture.sqlite is a read-only file"), screen.joined(separator: "\n"))
        }
        XCTAssertEqual(screens[2][1], "1│        3│", screens[2].joined(separator: "\n"))
        XCTAssertEqual(try artists(), before)
    }

    /// Such a file is opened read-only by SQLite too, and reef's own check refuses a statement
    /// that would write it (`PRAGMA journal_mode = WAL`, which SQLite says writes): it cannot
    /// convert the file or write it (root could, on a file SQLite opened for writing).
    func testReadOnlyFileIsReadOnlyForSQLite() throws {
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: fixture.path)
        let before = FileManager.default.contents(atPath: fixture.path)
        XCTAssertEqual(before.map { Array($0[18...19]) }, [1, 1] as [UInt8], "a rollback-journal file")
        XCTAssertTrue(try fixture.open().configuration.readOnly)
        let screen = try fixture.screen("ePRAGMA journal_mode = WAL<Enter>", columns: 100, rows: 4, table: "artists")
        XCTAssertTrue(screen[2].contains("✗ read-only: fixture.sqlite is a read-only file"), screen.joined(separator: "\n"))
        XCTAssertEqual(FileManager.default.contents(atPath: fixture.path), before, "the file is as it was")
        XCTAssertFalse(FileManager.default.fileExists(atPath: fixture.path + "-wal"))
    }

    /// A folder without write permission is refused: SQLite could not make its journal there.
    func testReadOnlyFolderRefusesRowChanges() throws {
        let before = try artists()
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: fixture.directory.path)
        try assertRefused("read-only: the folder of fixture.sqlite is read-only (SQLite writes its journal there)",
                          table: "artists")
        XCTAssertEqual(try artists(), before)
    }

    /// The same refusal from the reef binary: `--readonly` and `o` leave the file as it was.
    func testReefRefusesAnInsertWithReadonly() throws {
        let result = try ReefProcess.run([fixture.path, "--readonly", "--table", "artists", "--headless", "100x6",
                                          "--keys", "ow"])
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertTrue(result.output.contains("nothing to commit"), result.output)
        let status = try ReefProcess.run([fixture.path, "--readonly", "--table", "artists", "--headless", "100x6",
                                          "--keys", "o"]).output
        XCTAssertTrue(status.contains("read-only: the database is open with --readonly"), status)
        XCTAssertEqual(try artists().count, 3)
    }

    /// The reef binary sees a file without write permission as read-only too (a release build once
    /// did not, when the permission bits came through `FileManager`'s untyped attributes).
    func testReefRefusesAnInsertIntoAReadOnlyFile() throws {
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: fixture.path)
        let result = try ReefProcess.run([fixture.path, "--table", "artists", "--headless", "100x6", "--keys", "o"])
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertTrue(result.output.contains("read-only: fixture.sqlite is a read-only file"), result.output)
        XCTAssertEqual(try artists().count, 3)
    }
}
