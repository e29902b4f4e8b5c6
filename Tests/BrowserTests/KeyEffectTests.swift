import ORMCore
import XCTest
@testable import Browser

/// What a key asks of the runner is a value: the keys' outcomes are checked here on an ``App``
/// alone, with no terminal and no runner.
final class KeyEffectTests: XCTestCase {
    /// The fixture database, new for each test.
    private var fixture: BrowserFixture!

    /// Builds the fixture.
    override func setUpWithError() throws {
        fixture = try BrowserFixture()
    }

    /// Removes the fixture.
    override func tearDown() {
        fixture.remove()
    }

    /// An app on `table` with the grid focused, its editor `editor`.
    private func app(table: String? = "albums", editor: String? = nil) throws -> App {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: table)
        app.editing.externalEditor = ExternalEditor(command: editor)
        try app.waitForWaitedWork()  // the table open: the keys' outcomes are theirs alone
        return app
    }

    /// The outcome of `keys`, played one after the other, merged.
    private func outcome(of keys: String, on app: App) throws -> Outcome {
        var outcome = Outcome()
        for case .key(let key) in try KeyScript.parse(keys) {
            outcome.merge(app.handle(key))
        }
        return outcome
    }

    func testMovingOnlyRedraws() throws {
        XCTAssertEqual(try outcome(of: "j", on: try app()), .redraw)
    }

    func testYankCarriesTheCellsText() throws {
        let app = try app()
        let outcome = try outcome(of: "jjll", on: app)
        XCTAssertNil(outcome.copiedText)
        XCTAssertEqual(app.handle(.character("y")), Outcome([.redraw, .copy("東京")]))
    }

    func testYankRowCarriesTheRowTabSeparated() throws {
        let app = try app()
        _ = try outcome(of: "jj", on: app)
        XCTAssertEqual(app.handle(.character("Y")).copiedText, "3\t2\t東京\t00ff\tline one line two\t")
    }

    func testEditInEditorAsksForTheEditorWithoutRunningIt() throws {
        let app = try app(table: "artists", editor: "false")
        XCTAssertEqual(app.handle(.character("l")), .redraw)
        let edit = try XCTUnwrap(app.handle(.character("E")).externalEdit)
        guard case .cell(let target) = edit else {
            return XCTFail("a cell edit, got \(edit)")
        }
        XCTAssertEqual(target.table, "artists")
        XCTAssertEqual(target.column, "name")
        XCTAssertEqual(target.current, .text("Ada"))
        XCTAssertNil(app.staging.edits["artists"], "the editor has not run: nothing is staged")
    }

    func testEditInEditorWithoutAnEditorOpensTheLineEditor() throws {
        let app = try app(table: "artists", editor: nil)
        _ = app.handle(.character("l"))
        XCTAssertEqual(app.handle(.character("E")), .redraw)
        XCTAssertNotNil(app.prompt.current)
    }

    func testTheRunnersEditResultComesBackAsAnOutcome() throws {
        let app = try app(table: "artists", editor: "sh -c 'printf Bea > \"$1\"' --")
        _ = app.handle(.character("l"))
        let edit = try XCTUnwrap(app.handle(.character("E")).externalEdit)
        XCTAssertEqual(app.runExternalEdit(edit, attachedToTerminal: false), .redraw)
        XCTAssertEqual(app.staging.edits["artists"]?.value(key: RowKey(values: [1]), column: "name"), .text("Bea"))
    }

    func testControlLRepaints() throws {
        XCTAssertEqual(try app().handle(.control("l")), Outcome([.redraw, .repaint]))
    }

    func testQuitWithNothingPendingQuits() throws {
        XCTAssertTrue(try app().handle(.character("Q")).quits)
    }

    func testQuitWithChangesAsksAndCommitAndQuitQuits() throws {
        let app = try app(table: "artists")
        _ = try outcome(of: "li<C-u>Zed<Enter>", on: app)
        XCTAssertEqual(app.handle(.character("Q")), .redraw, "asks first")
        XCTAssertEqual(app.prompt.current?.kind, .quitWithChanges())
        XCTAssertTrue(app.handle(.character("c")).quits)
    }

    func testWorkLeftRunningIsAnEffect() throws {
        try fixture.addEndlessView()
        let app = try App(database: try fixture.open(), theme: .builtinDefault)
        let outcome = app.handle(.enter)
        XCTAssertEqual(outcome, Outcome([.redraw, .runInBackground(label: "opening aaa_endless")]))
        XCTAssertEqual(app.handle(.character("j")), .handled, "keys wait for it")
        XCTAssertEqual(app.handle(.escape), .redraw, "Esc cancels it")
        XCTAssertNil(app.pending.work)
    }
}
