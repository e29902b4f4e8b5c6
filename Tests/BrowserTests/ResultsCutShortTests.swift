import ORMCore
import TestSupport
import XCTest

@testable import Browser

/// A statement's results that end short of its last row say so beside the position for as long
/// as they are shown, not only in the message that goes with the next key: rows stopped with
/// `Esc` are `stopped`, rows of a statement that failed after they arrived (an error, the server
/// gone) are `incomplete`. A statement that ran to its end is marked neither.
final class ResultsCutShortTests: XCTestCase {
    private var fixture: BrowserFixture!

    override func setUpWithError() throws {
        fixture = try BrowserFixture()
    }

    override func tearDown() {
        fixture.remove()
    }

    private struct Told: Error, CustomStringConvertible {
        var description: String { "told to fail" }
    }

    private let endless = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c"

    /// An app on the fixture with `fail_when_told(x)`, which returns `x` until `failing` is flipped.
    private func app(failing: TestSwitch = TestSwitch()) throws -> App {
        var configuration = Configuration()
        configuration.functions = [SQLFunction("fail_when_told", argumentCount: 1, isDeterministic: false) { arguments in
            if failing.isOn { throw Told() }
            return arguments[0]
        }]
        let database = try Database(path: fixture.path, configuration: configuration)
        let app = try App(database: database, theme: .builtinDefault, initialTable: "artists")
        app.resize(columns: 100, rows: 6)
        _ = screen(of: app)
        return app
    }

    private func screen(of app: App) -> [String] {
        let backend = MemoryBackend(columns: 100, rows: 6)
        Terminal(backend: backend).draw { app.render(&$0) }
        return backend.lines()
    }

    /// Runs `sql` at the prompt and waits until its results show while rows still arrive.
    private func runArriving(_ sql: String, on app: App) throws {
        app.openPrompt(.sql, text: sql)
        _ = app.handle(.enter)
        try waitUntil("rows arrive in the results") {
            _ = app.tick()
            return app.state.top.showsResults && app.state.top.grid?.source.isFilling == true
        }
    }

    /// Ticks until no statement is running or stopping.
    private func waitForTheStatementToEnd(_ app: App) throws {
        try waitUntil("the statement ended") {
            _ = app.tick()
            return app.pending.fillingStatement == nil && app.pending.stoppedStatement == nil && app.pending.work == nil
        }
    }

    func testRowsStoppedWithEscSayStoppedAfterTheMessageGoes() throws {
        let app = try app()
        try runArriving(endless, on: app)
        _ = app.handle(.escape)
        try waitForTheStatementToEnd(app)
        let stopped = screen(of: app).last ?? ""
        XCTAssertTrue(stopped.contains("cancelled: running SQL after"), stopped)
        app.clearMessage()
        let later = screen(of: app).last ?? ""
        XCTAssertTrue(later.contains("RESULTS"), later)
        XCTAssertFalse(later.contains("cancelled"), later)
        XCTAssertNotNil(later.range(of: #"1/\S+ stopped"#, options: .regularExpression), later)
    }

    func testRowsOfAStatementThatFailedAfterThemSayIncomplete() throws {
        let failing = TestSwitch()
        let app = try app(failing: failing)
        try runArriving("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT fail_when_told(x) FROM c", on: app)
        failing.flip()
        try waitForTheStatementToEnd(app)
        let failed = screen(of: app).joined(separator: "\n")
        XCTAssertTrue(failed.contains("told to fail"), failed)
        _ = app.handle(.escape)  // the failed statement went back into the editor: closed, the results show
        app.clearMessage()
        let later = screen(of: app).last ?? ""
        XCTAssertTrue(later.contains("RESULTS"), later)
        XCTAssertNotNil(later.range(of: #"1/\S+ incomplete"#, options: .regularExpression), later)
        XCTAssertGreaterThan(try XCTUnwrap(app.state.top.grid).source.count(), 0, "the rows that arrived stay")
    }

    func testRowsOfAStatementThatRanToItsEndAreNotMarked() throws {
        let app = try app()
        app.openPrompt(.sql, text: "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 5000) SELECT x FROM c")
        _ = app.handle(.enter)
        try waitForTheStatementToEnd(app)
        app.clearMessage()
        var status = ""
        try waitUntil("the results are counted") {
            _ = app.tick()
            status = screen(of: app).last ?? ""
            return status.contains("1/5,000")
        }
        XCTAssertFalse(status.contains("stopped") || status.contains("incomplete"), status)
    }
}
