import Foundation
import PostgresClient
import PostgresTestSupport
import XCTest

@testable import Browser
@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// A SQLite file and a database of the tests' PostgreSQL server open in one session: `gt`
/// switches, each keeps its own state, quitting asks about the server's staged edits, and a
/// schema switch on the server replaces only its app.
final class ReefOpenDatabasesOnPostgresTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("reef-open-pg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A fresh server database holding `customers`, with schema `archive` beside `public`.
    private func makeShop() throws -> String {
        let server = try TestPostgresServer.shared()
        let conninfo = server.connectionString(database: try server.makeDatabase("reef_open", for: self))
        try PGConnection(conninfo).executeScript("""
            CREATE TABLE customers (id bigint PRIMARY KEY, name text NOT NULL);
            INSERT INTO customers VALUES (1, 'Ada Lovelace'), (2, 'Zoë Ørsted');
            CREATE SCHEMA archive;
            CREATE TABLE archive.orders (id bigint PRIMARY KEY, note text);
            INSERT INTO archive.orders VALUES (1, 'old');
            """)
        return conninfo
    }

    /// The SQLite file `notes.db` (shown first) and the server's `conninfo`, open together.
    private func databases(_ conninfo: String) throws -> OpenDatabases {
        let path = folder.appendingPathComponent("notes.db").path
        try Database(path: path).execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
        try Database(path: path).execute("INSERT INTO notes VALUES (1, 'remember')")
        let wakeup = Wakeup()
        let notes = try App(database: try DatabaseOpener.open(path, readOnly: false), theme: .builtinDefault, wakeup: wakeup)
        let shop = try App(database: try DatabaseOpener.open(conninfo, readOnly: false), theme: .builtinDefault, wakeup: wakeup)
        return OpenDatabases(OpenDatabases.Entry(app: notes, name: "notes.db"), [
            OpenDatabases.Entry(app: shop, name: "shop") { switched in
                try Reopening.app(on: conninfo, readOnly: false, theme: .builtinDefault, wakeup: wakeup, switched)
            },
        ])
    }

    func testGtSwitchesBetweenSQLiteAndTheServerAndQuittingAsksAboutTheServersEdits() throws {
        let conninfo = try makeShop()
        let databases = try databases(conninfo)
        let runner = HeadlessRunner(databases: databases, columns: 80, rows: 8)
        var lines = runner.run(try KeyScript.parse("<Tab>")).last ?? []
        XCTAssertEqual(lines[0], "[1/2] notes.db")
        XCTAssertTrue(lines[2].contains("remember"), lines[2])
        lines = runner.run(try KeyScript.parse("gt<Tab>jl" + "c<C-u>Zed<Enter>")).last ?? []
        XCTAssertEqual(lines[0], "[2/2] shop")
        XCTAssertTrue(lines[1].hasPrefix("public (1)"), lines[1])
        XCTAssertTrue(lines.joined().contains("Zed"), "the edit is staged: \(lines.joined(separator: "\n"))")
        lines = runner.run(try KeyScript.parse("gT")).last ?? []
        XCTAssertTrue(lines.last?.contains("notes  1/1  id") ?? false, "the SQLite file kept its cursor: \(lines.last ?? "")")
        let asked = runner.play(try KeyScript.parse("Q"))
        XCTAssertFalse(asked.quit)
        XCTAssertEqual(asked.screens.last?.first, "[2/2] shop")
        XCTAssertEqual(asked.screens.last?.last, "Pending changes in shop: c commit and quit, r revert and quit, Esc stay?")
        XCTAssertTrue(runner.play(try KeyScript.parse("c")).quit, "committed, reef quits")
        XCTAssertEqual(try PGConnection(conninfo).execute("SELECT name FROM customers WHERE id = 2").compactMap { $0.text(at: 0) }, ["Zed"])
    }

    func testASchemaSwitchOnTheServerReplacesOnlyItsApp() throws {
        let conninfo = try makeShop()
        let databases = try databases(conninfo)
        let notes = databases.entries[0].app
        let lines = HeadlessRunner(databases: databases, columns: 80, rows: 8)
            .run(try KeyScript.parse("gtgsarchive<Enter>")).last ?? []
        XCTAssertEqual(lines[0], "[2/2] shop")
        XCTAssertTrue(lines[1].hasPrefix("▸ archive (1)"), lines[1])
        XCTAssertTrue(databases.entries[0].app === notes, "the SQLite file's app stays")
        XCTAssertEqual(databases.entries.count, 2)
    }
}
