import Dispatch
import Foundation
import ORMCore
import Synchronization
import XCTest
@testable import Browser
import TestSupport

/// Counts nobody waits for give up: a count in the table list after its time limit or out of
/// sight, a grid's count (its key snapshot) after its time limit or out of sight, and Esc stops
/// what the screen waits for. Each shows `?` and is counted again on request (Enter, `r`). A
/// catalog let go of stops its counting at once.
final class CountLimitTests: XCTestCase {
    private var fixture: BrowserFixture!

    override func setUpWithError() throws {
        fixture = try BrowserFixture()
        try fixture.addEndlessView()
        // A view whose rows never end: its first rows come at once, its count (key snapshot) never.
        try Database(path: fixture.path).executeScript("""
            CREATE VIEW zzz_forever AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c;
            """)
    }

    override func tearDown() {
        fixture.remove()
    }

    /// Limits nothing here reaches unless a test says so.
    private static let patient = CountLimits(catalogTime: .seconds(3_600), gridTime: .seconds(3_600),
                                             outOfSight: .seconds(3_600))

    private func app(_ limits: CountLimits = patient, table: String? = nil) throws -> App {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: table, countLimits: limits)
        app.resize(columns: 80, rows: 12)
        return app
    }

    private func screen(of app: App, rows: Int = 12) -> [String] {
        let buffer = MemoryBackend(columns: 80, rows: rows)
        let terminal = Terminal(backend: buffer)
        terminal.draw { app.render(&$0) }
        return buffer.lines()
    }

    /// Ticks `app` until `condition` holds (a generous limit only ends a test that would hang).
    private func tick(_ app: App, until condition: () -> Bool, _ message: String) throws {
        try waitUntil(message, between: { _ = app.tick(); pause(seconds: 0.005) }, condition)
    }

    /// The table list's entry for `table`: its name and count, up to the border.
    private func listLine(_ table: String, in screen: [String]) -> String {
        String(screen.first { $0.hasPrefix(table) }?.split(separator: "│").first ?? "")
    }

    func testAViewThatNeverEndsIsCountedUntilTheTimeLimitThenShowsAQuestionMarkAndEnterCountsAgain() throws {
        var limits = Self.patient
        limits.catalogTime = .milliseconds(100)
        let app = try app(limits, table: "artists")
        try tick(app, until: { app.catalog.countStoppedOrFailed("aaa_endless") }, "the view's count gave up")
        XCTAssertTrue(listLine("aaa_endless", in: screen(of: app)).hasSuffix("?"), screen(of: app).joined(separator: "\n"))
        XCTAssertTrue(listLine("artists", in: screen(of: app)).hasSuffix("3"), screen(of: app).joined(separator: "\n"))
        try tick(app, until: { !app.catalog.isCounting }, "no count is left running (the other view's gave up too)")

        _ = app.handle(.tab)
        _ = app.handle(.character("g"))
        _ = app.handle(.character("g"))
        XCTAssertEqual(app.selectedTableName, "aaa_endless")
        XCTAssertEqual(app.pending.work?.label, "opening aaa_endless", "shown, it opens (as the frame after the key shows)")
        _ = app.handle(.escape)
        _ = app.handle(.enter)  // asked for: counted again, with no time limit (and opened again)
        XCTAssertFalse(app.catalog.countStoppedOrFailed("aaa_endless"))
        XCTAssertFalse(listLine("aaa_endless", in: screen(of: app)).hasSuffix("?"), screen(of: app).joined(separator: "\n"))
        _ = app.handle(.escape)  // stops the opening
        XCTAssertNil(app.pending.work)
        try tick(app, until: { app.catalog.isRunningCount(of: "aaa_endless") }, "the count asked for runs")
        // Time passes on purpose, longer than the time limit: the count asked for goes on.
        pause(seconds: 0.2)
        _ = app.tick()
        XCTAssertTrue(app.catalog.isRunningCount(of: "aaa_endless"), "a count asked for has no time limit")
        _ = app.handle(.escape)  // the count the screen waits for
        XCTAssertTrue(screen(of: app).last?.contains("stopped counting aaa_endless: r counts again") == true,
                      screen(of: app).joined(separator: "\n"))
        try tick(app, until: { app.catalog.countStoppedOrFailed("aaa_endless") }, "Esc stopped the count")
        XCTAssertTrue(listLine("aaa_endless", in: screen(of: app)).hasSuffix("?"), screen(of: app).joined(separator: "\n"))
    }

    func testACountOutOfSightStops() throws {
        var limits = Self.patient
        limits.outOfSight = .milliseconds(50)
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "artists", countLimits: limits)
        app.resize(columns: 80, rows: 4)  // two rows of the list: aaa_endless is out of sight once artists is selected
        XCTAssertFalse(app.tableBrowser.tableNamesInSight.contains("aaa_endless"), "\(app.tableBrowser.tableNamesInSight)")
        try tick(app, until: { app.catalog.countStoppedOrFailed("aaa_endless") }, "the count out of sight gave up")
        try tick(app, until: { !app.catalog.isCounting }, "no count is left running")
    }

    func testAGridsCountStopsAtItsTimeLimitAndOutOfSightAndRCountsAgain() throws {
        var limits = Self.patient
        limits.gridTime = .milliseconds(100)
        limits.outOfSight = .milliseconds(50)
        let app = try app(limits, table: "zzz_forever")
        // The table opens in the background: on a busy machine it may not be open yet.
        try tick(app, until: { app.selectedTableGrid != nil }, "the table opened")
        let grid = try XCTUnwrap(app.selectedTableGrid)
        XCTAssertTrue(screen(of: app).joined().contains("│  1│"), screen(of: app).joined(separator: "\n"))
        try tick(app, until: { grid.source.countStopped != nil }, "the grid's count gave up")
        try tick(app, until: { !grid.source.isCounting }, "its key snapshot stopped")
        XCTAssertTrue(screen(of: app).last?.contains("zzz_forever  1/?  x") == true, screen(of: app).joined(separator: "\n"))
        for _ in 0..<40 {
            _ = app.handle(.pageDown)  // past the rows read before the count stopped
        }
        XCTAssertTrue(screen(of: app).last?.contains("counting was stopped after 100 ms") == true,
                      screen(of: app).joined(separator: "\n"))

        _ = app.handle(.character("r"))  // asked for: no time limit
        let counting = try XCTUnwrap(app.selectedTableGrid)
        XCTAssertTrue(counting.source.isCounting)
        // Time passes on purpose, past the 100 ms limit: a count asked for must outlive it.
        pause(seconds: 0.2)
        _ = app.tick()
        XCTAssertNil(counting.source.countStopped, "a count asked for has no time limit")
        XCTAssertTrue(counting.source.isCounting)

        _ = app.handle(.tab)
        _ = app.handle(.character("k"))  // another table shown: the forever view is out of sight
        XCTAssertNotEqual(app.selectedTableName, "zzz_forever")
        try tick(app, until: { counting.source.countStopped != nil || !counting.source.isCounting }, "out of sight, it stops")
    }

    func testEscStopsTheShownGridsCountBeforeItQuits() throws {
        let app = try app(table: "zzz_forever")
        try app.waitForWaitedWork()  // its first rows come at once, but for a busy machine
        let grid = try XCTUnwrap(app.selectedTableGrid)
        XCTAssertTrue(grid.source.isCounting)
        XCTAssertEqual(app.handle(.escape), .redraw)
        XCTAssertFalse(app.tick().quits)
        XCTAssertTrue(screen(of: app).last?.contains("stopped counting zzz_forever: r counts again") == true,
                      screen(of: app).joined(separator: "\n"))
        try tick(app, until: { !grid.source.isCounting }, "the snapshot stopped")
        XCTAssertTrue(screen(of: app).last?.contains("zzz_forever  1/?  x") == true, screen(of: app).joined(separator: "\n"))
    }

    /// The catalog's worker holds it weakly: a catalog let go of stops the count under way (a view
    /// that never ends kept counting, holding a reader, until the test process exited).
    func testACatalogLetGoOfStopsItsCounting() throws {
        var configuration = Configuration()
        configuration.maximumReaders = 1
        let database = try Database(path: fixture.path, configuration: configuration)
        var catalog: Catalog? = try Catalog(database: database, limits: Self.patient)
        try waitUntil("the view is being counted") { catalog?.isRunningCount(of: "aaa_endless") == true }
        catalog = nil
        let read = Mutex(false)
        DispatchQueue.global().async {
            _ = try? database.scalar("SELECT count(*) FROM artists")  // waits for the only reader
            read.withLock { $0 = true }
        }
        try waitUntil("the count stopped with its catalog and let its reader go") { read.withLock { $0 } }
    }

}
