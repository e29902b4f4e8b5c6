import Foundation
import PostgresClient
import PostgresTestSupport
import XCTest

@testable import Browser
@testable import ORMCore
@testable import ORMPostgreSQL
@testable import ORMSQLite
@testable import ORMShared

/// reef's SQL editor on PostgreSQL: `Enter` goes on to a new line inside a dollar quote and a
/// `BEGIN ATOMIC` body, the whole body runs as one statement, and a statement the server rejects
/// stays in the editor with the server's position marked.
final class ReefEditorOnPostgresTests: XCTestCase {
    /// A fresh database with a table `t`.
    fileprivate func makeDatabase() throws -> String {
        let server = try TestPostgresServer.shared()
        let conninfo = server.connectionString(database: try server.makeDatabase("reef_editor", for: self))
        try PGConnection(conninfo).executeScript("CREATE TABLE t (n integer);")
        return conninfo
    }

    /// A headless runner on `conninfo`.
    fileprivate func runner(_ conninfo: String, columns: Int = 80, rows: Int = 12) throws -> HeadlessRunner {
        let database = try DatabaseOpener.open(conninfo, readOnly: false, schema: nil)
        let app = try App(database: database, theme: .builtinDefault, initialTable: nil)
        return HeadlessRunner(app: app, columns: columns, rows: rows)
    }

    private func scalar(_ conninfo: String, _ sql: String) throws -> String? {
        try PGConnection(conninfo).execute(sql).first?.text(at: 0)
    }

    /// A `DO` block typed line by line: each `Enter` inside the dollar quote goes on to a new
    /// line, the one after it runs the block whole, its `;` inside.
    func testEnterGoesOnInsideADollarQuoteThenRunsTheBlock() throws {
        let database = try makeDatabase()
        let runner = try runner(database, rows: 18)
        let typing = runner.run(try KeyScript.parse("eDO $$<Enter>BEGIN<Enter>  INSERT INTO t VALUES (1);<Enter>  INSERT INTO t VALUES (2);<Enter>END")).last ?? []
        XCTAssertEqual(Array(typing.suffix(5)), [
            "SQL> DO $$",
            "  -> BEGIN",
            "  ->   INSERT INTO t VALUES (1);",
            "  ->   INSERT INTO t VALUES (2);",
            "  -> END",
        ])
        let ran = runner.run(try KeyScript.parse(" $$<Enter>")).last ?? []
        XCTAssertNil(runner.app.prompt.current, ran.joined(separator: "\n"))
        XCTAssertTrue(ran.last?.contains("statement executed") == true, ran.joined(separator: "\n"))
        XCTAssertEqual(try scalar(database, "SELECT sum(n) FROM t"), "3")
    }

    /// A `BEGIN ATOMIC` body stays open across `;` until its `END`.
    func testABeginAtomicBodyStaysOpenUntilItsEnd() throws {
        let database = try makeDatabase()
        let runner = try runner(database)
        let keys = "eCREATE FUNCTION two() RETURNS int LANGUAGE sql<C-j>BEGIN ATOMIC<Enter>SELECT 2;<Enter>END;<Enter>"
        let screen = runner.run(try KeyScript.parse(keys)).last ?? []
        XCTAssertNil(runner.app.prompt.current, screen.joined(separator: "\n"))
        XCTAssertEqual(try scalar(database, "SELECT two()"), "2")
    }

    /// The server's position of an error is marked in the editor's text, on its line.
    func testARejectedStatementIsMarkedWhereTheServerSays() throws {
        let database = try makeDatabase()
        let runner = try runner(database)
        let screen = runner.run(try KeyScript.parse("eSELECT n,<C-j>  nosuch<C-j>FROM t<Enter>")).last ?? []
        XCTAssertEqual(Array(screen.suffix(4)), [
            "✗ line 2, column 3: column \"nosuch\" does not exist",
            "SQL> SELECT n,",
            "  ->   nosuch",
            "  -> FROM t",
        ])
        XCTAssertEqual(runner.app.prompt.current?.cursor, 12, "on the n of nosuch")
    }
}

extension ReefEditorOnPostgresTests {
    /// A query's results tell how long the server took and the rows took to arrive.
    func testTheResultsTellTheTimeTaken() throws {
        let database = try makeDatabase()
        let runner = try runner(database, columns: 100, rows: 4)
        let status = runner.run(try KeyScript.parse("eSELECT g FROM generate_series(1, 500) AS g<Enter>")).last?.last ?? ""
        XCTAssertNotNil(status.firstMatch(of: #/query  1/500  g  server [0-9]+\.[0-9] ms, rows [0-9]+\.[0-9] ms$/#), status)
    }
}

extension ReefEditorOnPostgresTests {
    /// A server's history is kept by its user, host, port and database: the file is named for the
    /// database, holds no password, and a URL spelling the same server otherwise finds it.
    func testTheHistoryIsKeyedByTheServerNotThePasswordNorTheFolder() throws {
        let database = try makeDatabase()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reef-pg-history-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let opened = try DatabaseOpener.open(database, readOnly: false, schema: nil)
        let app = try App(database: opened, theme: .builtinDefault, initialTable: nil)
        app.prompt.store = HistoryStore(folder: folder, databasePath: database)
        _ = HeadlessRunner(app: app, columns: 80, rows: 6).run(try KeyScript.parse("eSELECT 42 AS answer<Enter>"))
        let parameters = try PGConnection.parameters(of: database)
        let dbname = try XCTUnwrap(parameters["dbname"])
        let file = HistoryFile(folder: folder, databasePath: database, kind: "sql")
        XCTAssertTrue(file.path.hasPrefix(folder + "/history/" + dbname + "-"), file.path)
        XCTAssertEqual(try file.load(), ["SELECT 42 AS answer"])
        XCTAssertTrue(file.database.hasSuffix("/" + dbname), file.database)
        XCTAssertFalse(file.database.contains(FileManager.default.currentDirectoryPath), file.database)
        // The same server with a password added and the keywords in another order: the same history.
        let spelt = parameters.filter { $0.key != "password" }.sorted { $0.key > $1.key }.map { "\($0.key)='\($0.value)'" }
            .joined(separator: " ") + " password=nothing"
        XCTAssertEqual(HistoryFile(folder: folder, databasePath: spelt, kind: "sql").path, file.path)
        let text = try String(contentsOfFile: file.path, encoding: .utf8)
        XCTAssertFalse(text.contains("password"), text)
    }
}

extension ReefEditorOnPostgresTests {
    /// Named queries of a server are kept under its database's name and run on it.
    func testANamedQueryIsSavedAndRunOnTheServer() throws {
        let database = try makeDatabase()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reef-pg-queries-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let app = try App(database: try DatabaseOpener.open(database, readOnly: false, schema: nil), theme: .builtinDefault,
                          initialTable: nil)
        app.prompt.store = HistoryStore(folder: folder, databasePath: database)
        let screen = HeadlessRunner(app: app, columns: 80, rows: 6)
            .run(try KeyScript.parse("e\\ns series SELECT g FROM generate_series(1, 3) AS g<Enter>e\\n series<Enter>")).last ?? []
        XCTAssertEqual(screen[3], "3│  3│", screen.joined(separator: "\n"))
        let file = NamedQueriesFile(folder: folder, databasePath: database)
        let dbname = try XCTUnwrap(try PGConnection.parameters(of: database)["dbname"])
        XCTAssertTrue(file.path.hasPrefix(folder + "/queries/" + dbname + "-"), file.path)
        XCTAssertEqual(try file.load().map(\.name), ["series"])
    }
}

extension ReefEditorOnPostgresTests {
    /// `Tab` after another schema's name lists that schema's tables and views, read from the
    /// server once; after an alias, the columns of its table.
    func testCompletionAfterASchemaAndAnAlias() throws {
        let database = try makeDatabase()
        try PGConnection(database).executeScript("""
            CREATE SCHEMA audit;
            CREATE TABLE audit.entries (id integer, what text);
            CREATE TABLE audit.errors (id integer);
            CREATE VIEW audit.recent AS SELECT * FROM audit.entries;
            """)
        let runner = try runner(database, columns: 80, rows: 12)
        let listed = runner.run(try KeyScript.parse("eSELECT * FROM audit.<Tab>")).last ?? []
        XCTAssertEqual(runner.app.prompt.current?.completions?.completion.candidates.map(\.name), ["entries", "errors", "recent"],
                       listed.joined(separator: "\n"))
        _ = runner.run(try KeyScript.parse("<Esc>en<Tab>"))
        XCTAssertEqual(runner.app.prompt.current?.text, "SELECT * FROM audit.entries")
        _ = runner.run(try KeyScript.parse("<Esc><Esc>e<C-u>SELECT n FROM t AS x WHERE x.<Tab>"))  // Esc kept the text
        XCTAssertEqual(runner.app.prompt.current?.text, "SELECT n FROM t AS x WHERE x.n")
        _ = runner.run(try KeyScript.parse("<C-u>SELECT e.w<Tab>"))
        _ = runner.run(try KeyScript.parse(" FROM audit.entries e<Home><Right><Right><Right><Right><Right><Right><Right><Right><Right><Right><Tab>"))
        XCTAssertEqual(runner.app.prompt.current?.text, "SELECT e.what FROM audit.entries e", "the alias of another schema's table")
    }
}

extension ReefEditorOnPostgresTests {
    /// `Tab` offers the functions of the schemas on the `search_path`: the server's own and the
    /// database's.
    func testCompletionOffersTheServersAndTheSchemasFunctions() throws {
        let database = try makeDatabase()
        try PGConnection(database).executeScript("CREATE FUNCTION doubled(i integer) RETURNS integer LANGUAGE sql AS 'SELECT i * 2';")
        let runner = try runner(database, columns: 80, rows: 12)
        _ = runner.run(try KeyScript.parse("eSELECT doub<Tab>"))
        XCTAssertEqual(runner.app.prompt.current?.text, "SELECT doubled(")
        _ = runner.run(try KeyScript.parse("<C-u>SELECT generate_ser<Tab><Tab>"))
        let listed = runner.app.prompt.current?.completions?.completion.candidates ?? []
        XCTAssertTrue(listed.contains { $0.name == "generate_series" && $0.kind == .function },
                      "\(listed.map(\.name)) \(runner.app.prompt.current?.text ?? "")")
    }
}

extension ReefEditorOnPostgresTests {
    /// A selection runs once, as written, on PostgreSQL as on SQLite: the part of a statement
    /// selected inserts one row; the buffers are the client's, there as on SQLite (`Ctrl-T`, `PgUp`).
    func testASelectionRunsOnceAsWrittenAndBuffersWork() throws {
        let database = try makeDatabase()
        let runner = try runner(database)
        // The statement under the cursor would insert two rows; the selection inserts one.
        let keys = "eINSERT INTO t VALUES (7), (8)<Home>" + String(repeating: "<S-Right>", count: 24) + "<C-o>"
        let screen = runner.run(try KeyScript.parse(keys)).last ?? []
        XCTAssertTrue(screen.last?.contains("1 row changed") == true, screen.joined(separator: "\n"))
        XCTAssertEqual(try scalar(database, "SELECT string_agg(n::text, ',') FROM t"), "7", "the selection ran, once")
        let buffers = runner.run(try KeyScript.parse("e<C-t>SELECT 2<PgUp>")).last ?? []
        XCTAssertEqual(buffers.last, "SQL 1/2> INSERT INTO t VALUES (7), (8)")
    }
}
