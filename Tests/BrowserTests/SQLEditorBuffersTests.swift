import Foundation
import ORMCore
import XCTest
@testable import Browser

/// The SQL editor's buffers, played headless on the fixture: `Ctrl-T` makes one, `PgDn`/`PgUp`
/// go round them, `Ctrl-D` closes one (asking when it holds text); `Esc`, `Ctrl-O` keep a
/// buffer's text, `Enter` empties it; they are kept per database across runs in the state folder,
/// and a file that cannot be read costs a message and nothing else.
final class SQLEditorBuffersTests: XCTestCase {
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

    /// A runner on the fixture (no table open) keeping its history and buffers in the test's state folder.
    private func runner() throws -> HeadlessRunner {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: nil)
        app.prompt.store = HistoryStore(folder: stateFolder, databasePath: fixture.path)
        return HeadlessRunner(app: app, columns: 60, rows: 10)
    }

    /// Plays `keys` and returns the last line of the screen.
    private func play(_ keys: String, on runner: HeadlessRunner) throws -> String {
        runner.run(try KeyScript.parse(keys)).last?.last ?? ""
    }

    /// The file the buffers are kept in.
    private var file: SQLBuffersFile {
        SQLBuffersFile(folder: stateFolder, databasePath: fixture.path)
    }

    func testANewBufferAndGoingRoundThem() throws {
        let runner = try runner()
        XCTAssertEqual(try play("eSELECT 1", on: runner), "SQL> SELECT 1", "one buffer: the label as before")
        XCTAssertEqual(try play("<C-t>", on: runner), "SQL 2/2>")
        XCTAssertEqual(try play("SELECT 2<PgUp>", on: runner), "SQL 1/2> SELECT 1")
        XCTAssertEqual(try play("<PgDn>", on: runner), "SQL 2/2> SELECT 2")
        XCTAssertEqual(try play("<PgDn>", on: runner), "SQL 1/2> SELECT 1", "round from the last to the first")
        XCTAssertEqual(try play("<PgUp>", on: runner), "SQL 2/2> SELECT 2", "and back")
    }

    func testWithOneBufferTheKeysSayHowToMakeAnother() throws {
        let runner = try runner()
        XCTAssertEqual(try play("eSELECT 1<PgDn>", on: runner), "(the only buffer; Ctrl-T makes another) SQL> SELECT 1")
        XCTAssertEqual(try play("<C-u><C-d>", on: runner), "(the only buffer, empty) SQL>")
    }

    func testAnEmptyBufferClosesWithoutAQuestion() throws {
        let runner = try runner()
        XCTAssertEqual(try play("eSELECT 1<C-t><C-t>  <C-d>", on: runner), "SQL 2/2>", "blanks alone are empty")
        XCTAssertEqual(try play("<C-d>", on: runner), "SQL> SELECT 1")
        XCTAssertEqual(runner.app.prompt.buffers.buffers.map(\.text), ["SELECT 1"])
    }

    func testABufferWithTextAsksBeforeClosing() throws {
        let runner = try runner()
        XCTAssertEqual(try play("eSELECT 1<C-t>SELECT 2<C-j>FROM t<C-d>", on: runner), "Close buffer 2 (2 lines)? y/n")
        XCTAssertEqual(try play("x", on: runner), "(answer y or n; Esc: n) Close buffer 2 (2 lines)? y/n")
        XCTAssertEqual(try play("n", on: runner), "      -> FROM t", "kept, the editor open again on it")
        XCTAssertEqual(runner.app.prompt.current?.text, "SELECT 2\nFROM t")
        XCTAssertEqual(runner.app.prompt.current?.buffer, SQLBuffers.Position(number: 2, count: 2))
        XCTAssertEqual(try play("<C-d><Esc>", on: runner), "      -> FROM t", "Esc says no")
        XCTAssertEqual(try play("<C-d>y", on: runner), "SQL> SELECT 1", "closed: the one before it shows")
        XCTAssertEqual(try play("<C-d>y", on: runner), "SQL>", "the only buffer is emptied")
    }

    func testEscKeepsTheTextAndTheCursor() throws {
        let runner = try runner()
        _ = try play("eSELECT 12<Left><Esc>", on: runner)
        XCTAssertNil(runner.app.prompt.current)
        XCTAssertEqual(try play("e", on: runner), "SQL> SELECT 12")
        XCTAssertEqual(runner.app.prompt.current?.cursor, 8, "where it was")
        XCTAssertEqual(try play("3", on: runner), "SQL> SELECT 132")
    }

    func testControlOKeepsTheText() throws {
        let runner = try runner()
        let keys = "eSELECT name FROM artists WHERE id = 2;<C-j>SELECT 'second';<Up><C-o>"
        let screen = runner.run(try KeyScript.parse(keys)).last ?? []
        XCTAssertTrue(screen[1].contains("漢字テスト"), screen.joined(separator: "\n"))
        XCTAssertEqual(try play("e", on: runner), "  -> SELECT 'second';", "the whole text is back")
        XCTAssertEqual(runner.app.prompt.current?.lineOfCursor, 0, "the cursor where it ran")
        let second = runner.run(try KeyScript.parse("<Down><C-o>")).last ?? []
        XCTAssertTrue(second[1].contains("second"), second.joined(separator: "\n"))
    }

    func testEnterRunsTheWholeTextAndEmptiesTheBuffer() throws {
        let runner = try runner()
        _ = try play("eSELECT 3<Enter>", on: runner)
        XCTAssertNil(runner.app.prompt.current, "Enter ran the whole text")
        XCTAssertEqual(try play("e", on: runner), "SQL>", "and emptied the buffer")
        XCTAssertEqual(try play("<Up>", on: runner), "SQL> SELECT 3", "the text joined the history")
    }

    func testARejectedStatementGoesBackIntoItsBuffer() throws {
        let runner = try runner()
        _ = try play("eSELECT 1<C-t>SELECT nosuch<Enter>", on: runner)
        XCTAssertEqual(runner.app.prompt.current?.text, "SELECT nosuch")
        XCTAssertEqual(runner.app.prompt.current?.buffer, SQLBuffers.Position(number: 2, count: 2))
        XCTAssertEqual(try play("<PgDn>", on: runner), "SQL 1/2> SELECT 1", "the other buffer as it was")
    }

    func testTheBuffersComeBackInTheNextRun() throws {
        let first = try runner()
        _ = try play("eSELECT 1<C-t>SELECT 'two',<C-j>  2<Up><Esc>", on: first)
        let next = try runner()
        XCTAssertEqual(try play("e", on: next), "      ->   2")
        XCTAssertEqual(next.app.prompt.current?.buffer, SQLBuffers.Position(number: 2, count: 2), "the current one")
        XCTAssertEqual(next.app.prompt.current?.cursor, 3, "its cursor: the first line, where it was")
        XCTAssertEqual(try play("<PgUp>", on: next), "SQL 1/2> SELECT 1")

        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
        XCTAssertTrue(file.path.hasPrefix(stateFolder + "/history/fixture.sqlite-") && file.path.hasSuffix(".buffers"), file.path)
        let lines = try String(contentsOfFile: file.path, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.first.map(String.init), "\"\(DatabaseIdentity.realPath(fixture.path))\"", "the database first")
    }

    func testQuittingKeepsTheOpenEditorsText() throws {
        let runner = try runner()
        _ = try play("eSELECT 1<C-t>SELECT 2", on: runner)
        XCTAssertNil(runner.app.finish(), "nothing to say")
        XCTAssertEqual(try file.load()?.buffers.map(\.text), ["SELECT 1", "SELECT 2"])
    }

    func testAMalformedFileGivesAMessageAndEmptyBuffers() throws {
        try FileManager.default.createDirectory(atPath: stateFolder + "/history", withIntermediateDirectories: true)
        let garbage = "\"\(DatabaseIdentity.realPath(fixture.path))\"\n\"1\"\n\"not a cursor\"\n\"SELECT 1\"\n"
        try garbage.write(toFile: file.path, atomically: true, encoding: .utf8)
        let runner = try runner()
        let line = try play("e", on: runner)
        XCTAssertTrue(line.hasPrefix("(buffers not read, kept for this run only: "), line)
        XCTAssertEqual(runner.app.prompt.current?.note,
                       "buffers not read, kept for this run only: \(file.path): is not a file of buffers (line 3)")
        XCTAssertEqual(runner.app.prompt.current?.text, "")
        _ = try play("SELECT 2<C-t>SELECT 3<Esc>", on: runner)
        XCTAssertEqual(try play("e", on: runner), "SQL 2/2> SELECT 3", "the buffers work for the run")
        XCTAssertEqual(try String(contentsOfFile: file.path, encoding: .utf8), garbage, "the file left as it was")

        try "not json at all\n".write(toFile: file.path, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try file.load()) { error in
            XCTAssertEqual((error as? FileFailure)?.reason, "line 1 is not a JSON string")
        }
        try "\"/another/database\"\n\"1\"\n\"0\"\n\"\"\n".write(toFile: file.path, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try file.load()) { error in
            XCTAssertEqual((error as? FileFailure)?.reason, "holds the buffers of /another/database")
        }
        try "\"\(DatabaseIdentity.realPath(fixture.path))\"\n\"3\"\n\"0\"\n\"\"\n".write(toFile: file.path, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try file.load()) { error in
            XCTAssertEqual((error as? FileFailure)?.reason, "is not a file of buffers (no buffer 3)")
        }
    }

    func testAServersBuffersAreKeptWithoutItsPassword() throws {
        let url = "postgresql://ann:secret@db.example:5433/sales"
        let server = SQLBuffersFile(folder: stateFolder, databasePath: url)
        try server.write(SQLBuffers(texts: [("SELECT 1", 3)], current: 0))
        let text = try String(contentsOfFile: server.path, encoding: .utf8)
        XCTAssertFalse(text.contains("secret"), text)
        XCTAssertTrue(text.hasPrefix("\"ann@db.example:5433/sales\"\n"), text)
        XCTAssertEqual(try server.load(), SQLBuffers(texts: [("SELECT 1", 3)], current: 0))
    }
}
