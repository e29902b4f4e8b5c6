import XCTest
@testable import Browser

/// The one place effects are carried out: a host that records what it was asked stands in for
/// the terminal.
final class EffectHandlerTests: XCTestCase {
    /// Records what the handler asks of the runner.
    private final class RecordingHost: EffectHost {
        var log: [String] = []

        func copyToClipboard(_ text: String) {
            log.append("copy \(text)")
        }

        func runEditor(_ body: (Bool) -> Void) {
            log.append("suspend")
            body(false)
            log.append("resume")
        }

        func repaintAll() {
            log.append("repaint")
        }
    }

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

    func testEffectsAreCarriedOutInOrder() throws {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "albums")
        let host = RecordingHost()
        let reaction = EffectHandler(app: app).apply(Outcome([.copy("a"), .repaint, .copy("b")]), on: host)
        XCTAssertEqual(host.log, ["copy a", "repaint", "copy b"])
        XCTAssertEqual(reaction, EffectHandler.Reaction(redraw: true, quit: false))
    }

    func testHandledNeitherDrawsNorQuits() throws {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "albums")
        let host = RecordingHost()
        XCTAssertEqual(EffectHandler(app: app).apply(.handled, on: host), EffectHandler.Reaction())
        XCTAssertEqual(host.log, [])
    }

    func testNothingIsDoneAfterAQuit() throws {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "albums")
        let host = RecordingHost()
        let reaction = EffectHandler(app: app).apply(Outcome([.quit, .copy("late")]), on: host)
        XCTAssertTrue(reaction.quit)
        XCTAssertEqual(host.log, [])
    }

    func testTheEditorRunsSuspendedAndItsResultIsStaged() throws {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "artists")
        app.editing.externalEditor = ExternalEditor(command: "sh -c 'printf Bea > \"$1\"' --")
        try app.waitForWaitedWork()
        _ = app.handle(.character("l"))
        let outcome = app.handle(.character("E"))
        let host = RecordingHost()
        let reaction = EffectHandler(app: app).apply(outcome, on: host)
        XCTAssertEqual(host.log, ["suspend", "resume"])
        XCTAssertTrue(reaction.redraw)
        XCTAssertEqual(app.staging.edits["artists"]?.value(key: RowKey(values: [1]), column: "name"), .text("Bea"))
    }
}

/// Which effects draw the screen again.
final class EffectRedrawTests: XCTestCase {
    func testACopyAloneOrAQuitDoesNotRedraw() {
        XCTAssertFalse(Outcome([.copy("x")]).redraws)
        XCTAssertFalse(Outcome.quit.redraws)
        XCTAssertFalse(Outcome.handled.redraws)
        XCTAssertTrue(Outcome([.copy("x"), .redraw]).redraws)
        XCTAssertTrue(Outcome([.runInBackground(label: "sorting")]).redraws)
        XCTAssertTrue(Outcome([.repaint]).redraws)
    }
}
