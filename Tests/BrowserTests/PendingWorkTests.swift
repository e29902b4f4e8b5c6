import Foundation
import ORMCore
import Synchronization
import XCTest

@testable import Browser

/// Work the browser waits for without freezing: keys typed meanwhile wait their turn, Esc cancels.
final class PendingWorkTests: XCTestCase {
    private var fixture: BrowserFixture!

    override func setUpWithError() throws {
        fixture = try BrowserFixture()
    }

    override func tearDown() {
        fixture.remove()
    }

    /// A switch the test flips to make the work ready.
    private final class Switch: Sendable {
        private let value = Mutex(false)
        var isOn: Bool { value.withLock { $0 } }
        func flip() { value.withLock { $0 = true } }
    }

    private func app() throws -> App {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "artists")
        app.size = (80, 8)
        return app
    }

    private func screen(of app: App) -> String {
        let buffer = MemoryBackend(columns: 80, rows: 8)
        let terminal = Terminal(backend: buffer)
        terminal.draw { app.render(&$0) }
        return buffer.lines().joined(separator: "\n")
    }

    func testKeysWaitForTheWorkAndArePlayedInOrderAfterIt() throws {
        let app = try app()
        let ready = Switch()
        var completed = false
        app.run(PendingWork(label: "sorting artists by name", isReady: { ready.isOn }, complete: { completed = true }))
        XCTAssertNotNil(app.pendingWork, "work that is not ready within the quick limit stays pending")
        XCTAssertEqual(app.handle(.character("j")), .handled)
        XCTAssertEqual(app.handle(.character("j")), .handled)
        XCTAssertEqual(app.currentGrid?.cursorRow, 0, "keys wait")
        XCTAssertTrue(app.hasBackgroundWork)
        XCTAssertTrue(screen(of: app).contains("sorting artists by name…  (Esc cancels)"), screen(of: app))
        XCTAssertFalse(app.tick() && completed, "not ready: nothing completes")
        ready.flip()
        XCTAssertTrue(app.hasWorkToCollect)
        XCTAssertTrue(app.tick())
        XCTAssertTrue(completed)
        XCTAssertNil(app.pendingWork)
        XCTAssertEqual(app.currentGrid?.cursorRow, 2, "both keys were played after the work")
    }

    func testEscapeCancelsAndDropsTheWaitingKeys() throws {
        let app = try app()
        var completed = false
        app.run(PendingWork(label: "filtering artists", isReady: { false }, complete: { completed = true }))
        _ = app.handle(.character("j"))
        XCTAssertEqual(app.handle(.escape), .redraw)
        XCTAssertNil(app.pendingWork)
        XCTAssertFalse(completed)
        XCTAssertTrue(screen(of: app).contains("cancelled: filtering artists"), screen(of: app))
        _ = app.tick()
        XCTAssertEqual(app.currentGrid?.cursorRow, 0, "the waiting j was dropped")
    }

    func testQuitTypedWhileWaitingEndsTheSessionAfterTheWork() throws {
        let app = try app()
        let ready = Switch()
        app.run(PendingWork(label: "reading the rows of artists", isReady: { ready.isOn }, complete: {}))
        _ = app.handle(.character("q"))
        XCTAssertFalse(app.quitRequested)
        ready.flip()
        _ = app.tick()
        XCTAssertTrue(app.quitRequested)
    }

    func testQuickWorkCompletesAtOnce() throws {
        let app = try app()
        var completed = false
        app.run(PendingWork(label: "quick", isReady: { true }, complete: { completed = true }))
        XCTAssertTrue(completed)
        XCTAssertNil(app.pendingWork)
    }

    /// Sorting a big table by an unindexed column, jumping to the end and searching: whatever the
    /// timing, the keys act in order on the sorted rows.
    func testSortThenJumpOnABigTableActsInOrder() throws {
        let database = try fixture.open()
        try database.execute("CREATE TABLE big (id INTEGER PRIMARY KEY, v INTEGER, label TEXT)")
        try database.execute("""
            WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 200000)
            INSERT INTO big SELECT x, (x * 7919) % 200003, 'row ' || x FROM c
            """)
        let screen = try fixture.screen("lsGk", columns: 100, rows: 8, table: "big")
        let text = screen.joined(separator: "\n")
        XCTAssertTrue(text.contains("sort v▲"), text)
        XCTAssertTrue(text.contains("big  199,999/200,000  v"), text)
        let secondLargest = try XCTUnwrap(database.table("big").query().orderBy("v", descending: true).limit(2).fetch().last)
        guard case .text(let label)? = secondLargest["label"] else {
            return XCTFail("no label")
        }
        let lastLines = screen.suffix(3).joined(separator: "\n")
        XCTAssertTrue(lastLines.contains("│\(label)"), "the second largest v is near the bottom: \(text)")
        // A search on the sorted rows lands on the row's position in v order.
        let target = try XCTUnwrap(database.table("big").query().where("label = 'row 123457'").first())
        guard case .integer(let v)? = target["v"] else {
            return XCTFail("no v")
        }
        let position = try database.table("big").query().where("v < \(v) OR (v = \(v) AND id < 123457)").count()
        let searched = try fixture.screen("ls/row 123457<Enter>", columns: 100, rows: 8, table: "big")
        XCTAssertTrue(searched.last?.contains("/row 123457  row \(position + 1)") ?? false, searched.last ?? "")
    }
}
