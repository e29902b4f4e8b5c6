import Foundation
import XCTest
@testable import Browser

/// What keys the history kept across runs: a file's real path, a server's user, host, port and
/// database, never its password nor the folder reef started in.
final class DatabaseIdentityTests: XCTestCase {
    private let noEnvironment: [String: String] = [:]

    /// A URL and a `key=value` string naming the same server are one database; the password and
    /// the options are no part of it.
    func testAServerIsItsUserHostPortAndDatabase() {
        let url = DatabaseIdentity.of("postgresql://ann:secret@db.example:5433/sales?sslmode=require", environment: noEnvironment)
        XCTAssertEqual(url, "ann@db.example:5433/sales")
        XCTAssertEqual(DatabaseIdentity.of("host=db.example port=5433 dbname=sales user=ann password=secret", environment: noEnvironment), url)
        XCTAssertEqual(DatabaseIdentity.of("postgres://ann@db.example:5433/sales", environment: noEnvironment), url)
        XCTAssertNotEqual(DatabaseIdentity.of("postgresql://bob@db.example:5433/sales", environment: noEnvironment), url,
                          "another user has a history of their own")
        XCTAssertEqual(DatabaseIdentity.of("host=/var/run/postgresql dbname=x user=y", environment: noEnvironment),
                       "y@[/var/run/postgresql]:5432/x")
    }

    /// What the string leaves out comes from libpq's variables, then its defaults.
    func testWhatTheStringLeavesOutComesFromTheEnvironment() {
        let environment = ["PGHOST": "h.example", "PGPORT": "6543", "PGUSER": "u", "USER": "os"]
        XCTAssertEqual(DatabaseIdentity.of("postgresql:///sales", environment: environment), "u@h.example:6543/sales")
        XCTAssertEqual(DatabaseIdentity.of("postgresql://", environment: ["USER": "os"]), "os@localhost:5432/os")
    }

    /// A server's history file is named for its database, under the state folder, whatever the
    /// working folder; its first line holds no password.
    func testAServersHistoryFileHoldsNoPasswordAndNoWorkingFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reef-identity-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let url = "postgresql://ann:secret@db.example:5433/sales"
        let file = HistoryFile(folder: folder, databasePath: url, kind: "sql")
        XCTAssertTrue(file.path.hasPrefix(folder + "/history/sales-"), file.path)
        XCTAssertTrue(file.path.hasSuffix(".sql"), file.path)
        XCTAssertFalse(file.database.contains("secret"))
        XCTAssertFalse(file.database.contains(FileManager.default.currentDirectoryPath), file.database)
        XCTAssertEqual(HistoryFile(folder: folder, databasePath: "user=ann password=other host=db.example port=5433 dbname=sales",
                                   kind: "sql").path, file.path, "the same server, spelt otherwise")
        try file.append("SELECT 1")
        let text = try String(contentsOfFile: file.path, encoding: .utf8)
        XCTAssertFalse(text.contains("secret"), text)
        XCTAssertEqual(try HistoryFile(folder: folder, databasePath: url, kind: "sql").load(), ["SELECT 1"])
    }

    /// A file is its real path: a link and a path through `..` share its history.
    func testAFileIsItsRealPath() throws {
        let fixture = try BrowserFixture()
        defer { fixture.remove() }
        let real = DatabaseIdentity.of(fixture.path)
        let link = fixture.directory.appendingPathComponent("link.sqlite").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: fixture.path)
        XCTAssertEqual(DatabaseIdentity.of(link), real)
        XCTAssertEqual(DatabaseIdentity.of(fixture.directory.path + "/../" + fixture.directory.lastPathComponent + "/fixture.sqlite"), real)
    }
}
