import Foundation
import TerminalTestSupport
import XCTest
@testable import Browser

/// The SQL and filter history kept across runs in the state folder (one file per database and
/// kind, at most 1,000 entries, written atomically with permissions 0600), and `Ctrl-R` searching it.
final class PromptHistoryTests: XCTestCase {
    private var fixture: BrowserFixture!
    /// A state folder of the test's own (what `XDG_STATE_HOME/reef` would be).
    private var stateFolder: String!

    override func setUpWithError() throws {
        fixture = try BrowserFixture()
        stateFolder = fixture.directory.appendingPathComponent("state/reef").path
    }

    override func tearDown() {
        fixture.remove()
    }

    /// An app on the fixture keeping its history in the test's state folder.
    private func app() throws -> App {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "albums")
        app.prompt.store = HistoryStore(folder: stateFolder, databasePath: fixture.path)
        return app
    }

    /// Plays `keys` on `app` at 80x6 and returns the last screen.
    @discardableResult
    private func play(_ keys: String, on app: App) throws -> [String] {
        HeadlessRunner(app: app, columns: 80, rows: 6).run(try KeyScript.parse(keys)).last ?? []
    }

    private func file(_ kind: String) -> HistoryFile {
        HistoryFile(folder: stateFolder, databasePath: fixture.path, kind: kind)
    }

    func testEntriesOfOneRunAreThereInTheNext() throws {
        try play("eselect 1<Enter>eselect 2<Enter>fid > 1<Enter>", on: try app())
        XCTAssertEqual(try file("sql").load(), ["select 1", "select 2"])
        XCTAssertEqual(try file("filter").load(), ["id > 1"], "filters apart from SQL")
        let next = try app()
        XCTAssertEqual(try play("e<Up>", on: next).last, "SQL> select 2")
        XCTAssertEqual(try play("<Esc>e<Up><Up>", on: next).last, "SQL> select 1")
        XCTAssertEqual(try play("<Esc>f<Up>", on: next).last, "WHERE id > 1")
    }

    func testTheFileIsPrivateAndWrittenWhole() throws {
        let app = try app()
        try play("eselect 1<Enter>", on: app)
        app.prompt.remember("select 'a\nb'", for: .sql)
        let path = file("sql").path
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
        let folder = try FileManager.default.attributesOfItem(atPath: stateFolder)
        XCTAssertEqual((folder[.posixPermissions] as? NSNumber)?.intValue, 0o700)
        let left = try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent)
        XCTAssertEqual(left.filter { $0.contains(".tmp") }, [], "no temporary file left")
        XCTAssertEqual(try file("sql").load(), ["select 1", "select 'a\nb'"], "an entry of several lines stays one")
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.count, 3, "the database's path, then the entries")
        XCTAssertTrue(path.hasPrefix(stateFolder + "/history/fixture.sqlite-"), path)
    }

    func testTheOldestEntriesGoPastTheLimit() throws {
        let history = file("sql")
        try history.append("select 0")
        // A file as a longer limit would have left it: the database's path, then the entries.
        let header = try XCTUnwrap(String(contentsOfFile: history.path, encoding: .utf8).split(separator: "\n").first)
        let lines = [String(header)] + (0..<(HistoryFile.limit + 4)).map { "\"select \($0)\"" }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: history.path))
        try history.append("select \(HistoryFile.limit + 4)")
        let entries = try history.load()
        XCTAssertEqual(entries.count, HistoryFile.limit)
        XCTAssertEqual(entries.first, "select 5")
        XCTAssertEqual(entries.last, "select \(HistoryFile.limit + 4)")
        try history.append("select \(HistoryFile.limit + 4)")
        XCTAssertEqual(try history.load().count, HistoryFile.limit, "a repeat of the last is not added")
    }

    func testEachDatabaseHasItsOwnByItsRealPath() throws {
        try play("eselect 1<Enter>", on: try app())
        let other = fixture.directory.appendingPathComponent("other.sqlite").path
        XCTAssertEqual(try HistoryFile(folder: stateFolder, databasePath: other, kind: "sql").load(), [])
        let link = fixture.directory.appendingPathComponent("link.sqlite").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: fixture.path)
        XCTAssertEqual(try HistoryFile(folder: stateFolder, databasePath: link, kind: "sql").load(), ["select 1"],
                       "a link to the same database shares it")
    }

    func testAnotherReefsEntriesAreKept() throws {
        let first = try app()
        try play("eselect 1<Enter>", on: first)
        try file("sql").append("select from another reef")
        try play("eselect 2<Enter>", on: first)
        XCTAssertEqual(try file("sql").load(), ["select 1", "select from another reef", "select 2"])
    }

    /// A state folder that cannot be made: the entries stay for the run, the status line says so
    /// once, and reef goes on.
    func testAnUnwritableFolderIsSaidOnceAndNothingFails() throws {
        let blocker = fixture.directory.appendingPathComponent("file").path
        _ = FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8))
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "albums")
        app.prompt.store = HistoryStore(folder: blocker + "/reef", databasePath: fixture.path)
        let screen = try play("fid > 2<Enter>", on: app)
        XCTAssertEqual(screen.last?.hasPrefix(" BROWSE  history not saved: /"), true, screen.last ?? "")
        let again = try play("fid > 3<Enter>", on: app)
        XCTAssertEqual(again.last?.contains("history not saved"), false, "said once")
        XCTAssertEqual(try play("f<Up><Up>", on: app).last, "WHERE id > 2", "kept for the run")
    }

    func testAFileOfAnotherDatabaseIsNotMixedIn() throws {
        let history = file("sql")
        try FileManager.default.createDirectory(atPath: stateFolder + "/history", withIntermediateDirectories: true)
        try Data("\"/elsewhere.db\"\n\"select secret\"\n".utf8).write(to: URL(fileURLWithPath: history.path))
        XCTAssertThrowsError(try history.load())
        let app = try app()
        XCTAssertEqual(try play("e", on: app).last?.hasPrefix("(history not saved: "), true)
        XCTAssertEqual(try play("<Esc>e<Up>", on: app).last, "(no earlier entries) SQL>")
    }

    func testABrokenLineIsSkipped() throws {
        let history = file("sql")
        try history.append("select 1")
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: history.path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("\"select 2\nnot json\n\"select 3\"\n".utf8))
        try handle.close()
        XCTAssertEqual(try history.load(), ["select 1", "select 3"])
    }

    // MARK: - Ctrl-R

    func testCtrlRFindsTheNewestEntryHoldingTheTextTyped() throws {
        let app = try app()
        try play("eselect name from artists<Enter>eselect title from albums<Enter>eselect 1<Enter>", on: app)
        XCTAssertEqual(try play("e<C-r>", on: app).last, "(reverse-i-search '') SQL>")
        XCTAssertEqual(try play("<Esc>e<C-r>FROM", on: app).last,
                       "(reverse-i-search 'FROM') SQL> select title from albums")
        XCTAssertEqual(try play("<Esc>e<C-r>from<C-r>", on: app).last,
                       "(reverse-i-search 'from') SQL> select name from artists", "Ctrl-R again: an older one")
        XCTAssertEqual(try play("<Esc>e<C-r>from<C-r><C-r>", on: app).last,
                       "(failing reverse-i-search 'from') SQL> select name from artists")
        XCTAssertEqual(try play("<Esc>e<C-r>fromx", on: app).last,
                       "(failing reverse-i-search 'fromx') SQL> select title from albums")
        XCTAssertEqual(try play("<Esc>e<C-r>fromx<BS>", on: app).last,
                       "(reverse-i-search 'from') SQL> select title from albums")
    }

    func testEnterTakesTheMatchEscGivesBackTheText() throws {
        let app = try app()
        try play("eselect name from artists<Enter><Esc>", on: app)
        XCTAssertEqual(try play("eselect 2<C-r>art<Enter>", on: app).last, "SQL> select name from artists",
                       "Enter takes it into the line, not run")
        XCTAssertEqual(try play(" limit 1", on: app).last, "SQL> select name from artists limit 1")
        // Esc keeps the editor's text (its buffer): Ctrl-U clears it to type anew.
        XCTAssertEqual(try play("<Esc>e<C-u>select 2<C-r>art<Esc>", on: app).last, "SQL> select 2")
        XCTAssertEqual(try play("<Esc>e<C-u>select 2<C-r>art<Left>x", on: app).last, "SQL> select name fromx artists",
                       "an arrow takes it and moves from where the match is, as readline")
    }

    func testCtrlRRunsInAFilterToo() throws {
        let app = try app()
        try play("fid > 1<Enter>f<C-u>title is null<Enter>", on: app)
        XCTAssertEqual(try play("f<C-r>id<Enter>", on: app).last, "WHERE id > 1")
        XCTAssertEqual(try file("filter").load(), ["id > 1", "title is null"])
    }
}

/// The command line: interactive runs keep the history, headless runs only with `--history`, so
/// a script never writes the user's real history.
final class HistoryCommandLineTests: XCTestCase {
    func testHeadlessKeepsHistoryOnlyWhenAsked() throws {
        let fixture = try BrowserFixture()
        defer { fixture.remove() }
        let state = fixture.directory.appendingPathComponent("state").path
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_STATE_HOME"] = state
        let keys = ["--headless", "60x6", "--keys", "eselect 1<Enter>"]
        let plain = try ReefProcess.run([fixture.path] + keys, environment: environment)
        XCTAssertEqual(plain.status, 0, plain.error)
        XCTAssertFalse(FileManager.default.fileExists(atPath: state), "nothing written without --history")
        let kept = try ReefProcess.run([fixture.path, "--history"] + keys, environment: environment)
        XCTAssertEqual(kept.status, 0, kept.error)
        let history = HistoryFile(folder: state + "/reef", databasePath: fixture.path, kind: "sql")
        XCTAssertEqual(try history.load(), ["select 1"])
        let recalled = try ReefProcess.run([fixture.path, "--history", "--headless", "60x6", "--keys", "e<Up>"],
                                           environment: environment)
        XCTAssertEqual(recalled.output.split(separator: "\n").last, "SQL> select 1")
        let off = try ReefProcess.run([fixture.path, "--no-history", "--headless", "60x6", "--keys", "e<Up>"],
                                      environment: environment)
        XCTAssertEqual(off.output.split(separator: "\n").last, "(no earlier entries) SQL>")
    }

    func testTheStateFolderFollowsXDG() {
        XCTAssertEqual(StateFolder.path(environment: ["XDG_STATE_HOME": "/s/", "HOME": "/h"]), "/s/reef")
        XCTAssertEqual(StateFolder.path(environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"]), "/h/.local/state/reef")
        XCTAssertEqual(StateFolder.path(environment: ["HOME": "/h"]), "/h/.local/state/reef")
        XCTAssertNil(StateFolder.path(environment: [:]))
    }
}
