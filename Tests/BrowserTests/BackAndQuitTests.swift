import Foundation
import ORMCore
import XCTest
@testable import Browser

/// Esc cancels or goes back and stops at the main screen; `q` goes back, on the main screen
/// clears the filter and sort first, then quits; `Q` and Ctrl-C quit from anywhere. A one-key
/// question takes only its answers.
final class BackAndQuitTests: XCTestCase {
    private var fixture: BrowserFixture!

    override func setUpWithError() throws {
        fixture = try BrowserFixture()
    }

    override func tearDown() {
        fixture.remove()
    }

    /// An app on `table`, drawn once at 80x8.
    private func app(table: String? = "albums") throws -> (App, HeadlessRunner) {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: table)
        let runner = HeadlessRunner(app: app, columns: 80, rows: 8)
        runner.run([])
        return (app, runner)
    }

    /// Plays `keys` one by one, settling after each; returns whether any of them quit.
    private func play(_ keys: String, on app: App, _ runner: HeadlessRunner) throws -> Bool {
        var quit = false
        for step in try KeyScript.parse(keys) {
            guard case .key(let key) = step else { continue }
            quit = app.handle(key).quits || runner.play([]).quit || quit
        }
        return quit
    }

    /// Issue #25: `s` then Esc (meant to cancel the sort) quit reef when the sort was quick. Esc
    /// closes every screen down to the main one and never quits, from the grid or the table list.
    func testEscNeverQuits() throws {
        let (app, runner) = try app()
        XCTAssertFalse(try play("s<Esc>", on: app, runner))
        XCTAssertEqual(runner.run([]).last?.last?.hasPrefix(" BROWSE  Esc: nothing to cancel; q clears the filter, sort and hidden columns"), true)
        XCTAssertFalse(try play("<Enter>S?<Esc><Esc><Esc><Esc><Esc><Tab><Esc><Esc>", on: app, runner))
        XCTAssertTrue(app.state.isMainOnTop, "Esc stops at the main screen")
        XCTAssertEqual(app.state.screens.count, 1)
        XCTAssertEqual(runner.run([]).last?.last?.hasPrefix(" TABLES  Esc: nothing to cancel; q clears the filter, sort and hidden columns"), true)
        XCTAssertFalse(try play("eSELECT 1<Enter><Esc><Esc>", on: app, runner), "results closed, then nothing")
        XCTAssertTrue(try play("Q", on: app, runner))
    }

    /// Issue #25: `q` with a filter on quit instead of clearing it. Now the first `q` clears the
    /// filter and the sort (the cursor stays on its row), the next one quits.
    func testQClearsTheFilterAndSortBeforeQuitting() throws {
        let (app, runner) = try app()
        XCTAssertFalse(try play("fid >= 2<Enter>lls<dump>G", on: app, runner))
        XCTAssertEqual(app.currentGrid?.source.sort, GridSort(column: 2, descending: false))
        XCTAssertNotNil(app.currentGrid?.source.filter)
        let row = try XCTUnwrap(app.currentGrid?.row(at: app.currentGrid?.cursorRow ?? 0))
        guard case .stored(let before) = row else { return XCTFail("a stored row") }
        XCTAssertFalse(try play("q", on: app, runner))
        XCTAssertNil(app.currentGrid?.source.sort)
        XCTAssertNil(app.currentGrid?.source.filter)
        let after = try XCTUnwrap(app.currentGrid?.row(at: app.currentGrid?.cursorRow ?? 0))
        guard case .stored(let kept) = after else { return XCTFail("a stored row") }
        XCTAssertEqual(kept.key, before.key, "the cursor stays on its row")
        XCTAssertEqual(runner.run([]).last?.last?.hasPrefix(" BROWSE  filter and sort cleared · q again quits"), true)
        XCTAssertTrue(try play("q", on: app, runner))
    }

    /// `q` with hidden columns left them hidden, on the table and when it was opened again: the
    /// first `q` now puts the view back as the table opens (every column shown, as VisiData's
    /// sheet opened again shows them), with the filter and sort; the next one quits.
    func testQShowsTheHiddenColumnsAgainWithTheFilterAndSort() throws {
        let (app, runner) = try app()
        XCTAssertFalse(try play("l-fid >= 2<Enter>", on: app, runner))
        XCTAssertEqual(app.currentGrid?.hiddenCount, 1)
        XCTAssertFalse(try play("q", on: app, runner))
        XCTAssertEqual(app.currentGrid?.hiddenCount, 0)
        XCTAssertNil(app.currentGrid?.source.filter)
        XCTAssertEqual(runner.run([]).last?.last?.hasPrefix(" BROWSE  filter and hidden column cleared · q again quits"), true)
        XCTAssertFalse(try play("l--", on: app, runner))
        XCTAssertEqual(app.currentGrid?.hiddenCount, 2)
        XCTAssertFalse(try play("<Esc>", on: app, runner))
        XCTAssertEqual(runner.run([]).last?.last?.hasPrefix(" BROWSE  Esc: nothing to cancel; q clears the filter, sort and hidden columns"), true)
        XCTAssertFalse(try play("q", on: app, runner))
        XCTAssertEqual(app.currentGrid?.hiddenCount, 0)
        XCTAssertEqual(runner.run([]).last?.last?.hasPrefix(" BROWSE  2 hidden columns shown again · q again quits"), true)
        XCTAssertTrue(try play("q", on: app, runner))
    }

    /// `q` closes the screen on top (it quits only from the main screen), the table list too.
    func testQGoesBackThenQuitsFromTheTableList() throws {
        let (app, runner) = try app(table: nil)
        XCTAssertFalse(try play("<Enter><Enter>Sq", on: app, runner))
        XCTAssertEqual(app.state.top.mode, .record, "q closed the schema only")
        XCTAssertFalse(try play("q<Tab>", on: app, runner))
        XCTAssertTrue(try play("q", on: app, runner))
    }

    /// Esc after the first key of a sequence (`g`, `d`) drops it; a sequence gone wrong (`dx`)
    /// runs nothing, where the `x` used to set the cell NULL.
    func testEscCancelsAKeySequenceAndAWrongSequenceRunsNothing() throws {
        let (app, runner) = try app()
        XCTAssertFalse(try play("jjg", on: app, runner))
        XCTAssertEqual(runner.run([]).last?.last?.hasPrefix(" BROWSE  g… (Esc cancels)"), true)
        XCTAssertFalse(try play("<Esc>", on: app, runner))
        XCTAssertEqual(app.currentGrid?.cursorRow, 2)
        XCTAssertEqual(runner.run([]).last?.last?.hasPrefix(" BROWSE  ? help"), true)
        XCTAssertFalse(try play("llldx", on: app, runner))
        XCTAssertEqual(app.pendingEditCount, 0)
        XCTAssertEqual(runner.run([]).last?.last?.hasPrefix(" BROWSE  dx is not a key here"), true)
    }

    /// A y/n question takes y, n or Esc only: another key keeps it open and says so (it was taken
    /// as "no" and the keys after it ran as commands).
    func testAQuestionTakesOnlyItsAnswers() throws {
        let (app, runner) = try app()
        XCTAssertFalse(try play("ddx", on: app, runner))
        XCTAssertEqual(runner.run([]).last?.last, "(answer y or n; Esc: n) Delete 1 row? y/n")
        XCTAssertFalse(try play("y", on: app, runner))
        XCTAssertEqual(app.pendingEditCount, 1)
        XCTAssertFalse(try play("Qw", on: app, runner))
        XCTAssertEqual(app.prompt.current?.kind, .quitWithChanges())
        XCTAssertEqual(runner.run([]).last?.last?.hasPrefix("(answer c, r or Esc) Pending changes"), true)
        XCTAssertFalse(try play("<Esc>", on: app, runner))
        XCTAssertNil(app.prompt.current)
        XCTAssertEqual(app.pendingEditCount, 1)
    }
}
