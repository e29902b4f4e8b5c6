import Foundation
import XCTest
@testable import Browser

/// Queries saved under a name per database (pgcli's `\ns`): parsed at the SQL prompt, kept in the
/// state folder beside the history (0600, written whole), run, listed and deleted.
final class NamedQueriesTests: XCTestCase {
    private var fixture: BrowserFixture!
    private var stateFolder: String!

    override func setUpWithError() throws {
        fixture = try BrowserFixture()
        stateFolder = fixture.directory.appendingPathComponent("state/reef").path
    }

    override func tearDown() {
        fixture.remove()
    }

    /// An app on the fixture keeping its history and named queries in the test's state folder
    /// (none with `keeping` false).
    private func app(keeping: Bool = true) throws -> App {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: nil)
        if keeping {
            app.prompt.store = HistoryStore(folder: stateFolder, databasePath: fixture.path)
        }
        return app
    }

    private func play(_ keys: String, on app: App, rows: Int = 6) throws -> [String] {
        HeadlessRunner(app: app, columns: 80, rows: rows).run(try KeyScript.parse(keys)).last ?? []
    }

    /// The commands as pgcli spells them; SQL is no command.
    func testTheCommandsAreParsed() {
        XCTAssertNil(NamedQueryCommand.parse("SELECT 1"))
        XCTAssertEqual(NamedQueryCommand.parse("\\n"), .list)
        XCTAssertEqual(NamedQueryCommand.parse("  \\n  top  "), .run("top"))
        XCTAssertEqual(NamedQueryCommand.parse("\\ns top SELECT *\n  FROM t;\n"), .save("top", query: "SELECT *\n  FROM t;"))
        XCTAssertEqual(NamedQueryCommand.parse("\\nd top"), .delete("top"))
        XCTAssertEqual(NamedQueryCommand.parse("\\ns top"), .usage("\\ns NAME QUERY saves QUERY as NAME"))
        XCTAssertEqual(NamedQueryCommand.parse("\\nd"), .usage("\\nd NAME deletes the query NAME"))
        XCTAssertEqual(NamedQueryCommand.parse("\\dt"), .unknown("\\dt"))
        XCTAssertEqual(NamedQueryCommand.sql(in: "\\ns top SELECT ("), "SELECT (")
        XCTAssertEqual(NamedQueryCommand.sql(in: "\\n top"), "")
    }

    /// The file keeps the queries in the order saved, a name saved again in its place, written
    /// whole and readable by its owner alone; another database's file is refused.
    func testTheFileKeepsQueriesByName() throws {
        let file = NamedQueriesFile(folder: stateFolder, databasePath: fixture.path)
        XCTAssertEqual(try file.load(), [])
        try file.save(NamedQuery(name: "a", query: "SELECT 1"))
        try file.save(NamedQuery(name: "b", query: "SELECT 2\nFROM t"))
        try file.save(NamedQuery(name: "a", query: "SELECT 3"))
        XCTAssertEqual(try file.load(), [NamedQuery(name: "a", query: "SELECT 3"), NamedQuery(name: "b", query: "SELECT 2\nFROM t")])
        XCTAssertTrue(try file.delete("a"))
        XCTAssertFalse(try file.delete("a"))
        XCTAssertEqual(try file.load().map(\.name), ["b"])
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
        let folder = (file.path as NSString).deletingLastPathComponent
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [(file.path as NSString).lastPathComponent],
                       "no temporary file left")
        XCTAssertTrue(file.path.hasPrefix(stateFolder + "/queries/fixture.sqlite-"), file.path)
        let other = fixture.directory.appendingPathComponent("other.sqlite").path
        let otherFile = NamedQueriesFile(folder: stateFolder, databasePath: other)
        try FileManager.default.copyItem(atPath: file.path, toPath: otherFile.path)
        XCTAssertThrowsError(try otherFile.load())
    }

    /// `\ns` saves, `\n` lists, `\n NAME` runs, `\nd` deletes; the next run finds what was saved.
    func testSaveListRunAndDeleteAtThePrompt() throws {
        let saving = try play("e\\ns ada SELECT name FROM artists<C-j>  WHERE id = 1;<Enter>", on: try app())
        XCTAssertEqual(saving.last?.hasPrefix(" TABLES  saved query ada; \\n ada runs it"), true, saving.last ?? "")
        let next = try app()
        let listed = try play("e\\n<Enter>", on: next)
        assertScreen(Array(listed.prefix(4)), [
            "Named queries (1): \\n NAME runs one",
            "ada",
            "    SELECT name FROM artists",
            "      WHERE id = 1;",
        ])
        let ran = try play("qe\\n ada<Enter>", on: next)
        XCTAssertEqual(ran[1], "1│Ada  │")
        XCTAssertTrue(ran.last?.hasPrefix(" RESULTS") == true, ran.last ?? "")
        let deleted = try play("e\\nd ada<Enter>", on: next)
        XCTAssertTrue(deleted.last?.contains("deleted query ada") == true, deleted.last ?? "")
        XCTAssertEqual(try NamedQueriesFile(folder: stateFolder, databasePath: fixture.path).load(), [])
        let missing = try play("e\\n ada<Enter>", on: next)
        XCTAssertTrue(missing.last?.contains("no query named ada; \\n lists them") == true, missing.last ?? "")
    }

    /// `Enter` in `\ns` waits for the query's end as for any statement.
    func testEnterWaitsForTheSavedQuerysEnd() throws {
        let app = try app()
        _ = try play("e\\ns two SELECT count(<Enter>*) FROM artists<Enter>", on: app)
        XCTAssertNil(app.prompt.current)
        XCTAssertEqual(try NamedQueriesFile(folder: stateFolder, databasePath: fixture.path).load(),
                       [NamedQuery(name: "two", query: "SELECT count(\n*) FROM artists")])
    }

    /// Without a history kept (a headless run), queries are saved for the run only, and no file
    /// is written.
    func testWithoutAStateFolderQueriesLastTheRun() throws {
        let app = try app(keeping: false)
        let saved = try play("e\\ns one SELECT 1 AS one<Enter>", on: app)
        XCTAssertTrue(saved.last?.contains("saved query one for this run (no history kept)") == true, saved.last ?? "")
        let ran = try play("e\\n one<Enter>", on: app)
        XCTAssertEqual(ran[1], "1│   1│")
        XCTAssertFalse(FileManager.default.fileExists(atPath: stateFolder))
        let unknown = try play("e\\x<Enter>", on: app)
        XCTAssertTrue(unknown.last?.contains("\\x is not a command") == true, unknown.last ?? "")
    }
}
