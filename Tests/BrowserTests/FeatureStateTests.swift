import XCTest
@testable import Browser

/// The feature state types, without an ``App``.
final class FeatureStateTests: XCTestCase {
    func testTheTableListNeverNarrows() {
        var tables = OpenTables()
        XCTAssertEqual(tables.widenSidebar(to: 12), 12)
        XCTAssertEqual(tables.widenSidebar(to: 8), 12, "counts arriving never narrow the list")
        XCTAssertEqual(tables.widenSidebar(to: 20), 20)
    }

    func testAStaleTableIsTakenOnce() {
        var tables = OpenTables()
        tables.stale.insert("albums")
        XCTAssertTrue(tables.takeStale("albums"))
        XCTAssertFalse(tables.takeStale("albums"), "read again once")
        XCTAssertFalse(tables.takeStale("artists"))
    }

    func testTheScreenIsDrawnWhileBusyAndOnceMoreAfter() {
        var pending = PendingState()
        XCTAssertTrue(pending.tick(busy: false), "the first screen is drawn again once the first counts are done")
        XCTAssertFalse(pending.tick(busy: false), "idle: nothing to draw")
        XCTAssertTrue(pending.tick(busy: true))
        XCTAssertTrue(pending.tick(busy: false), "once more when it ends")
        XCTAssertFalse(pending.tick(busy: false))
        pending.noteBusy()
        XCTAssertTrue(pending.tick(busy: false), "work a key started and that ended before the tick")
    }

    func testChangesDuringARefreshAreMergedIntoOneMore() {
        var live = LiveRefreshState()
        XCTAssertNil(live.takeDeferred())
        live.deferChanges(LiveChanges.Summary(tables: ["albums"], rows: 2, external: false, own: true))
        live.deferChanges(LiveChanges.Summary(tables: ["artists"], rows: 0, external: true, own: false))
        let merged = live.takeDeferred()
        XCTAssertEqual(merged?.tables, ["albums", "artists"])
        XCTAssertEqual(merged?.own, true)
        XCTAssertEqual(merged?.external, true)
        XCTAssertNil(live.takeDeferred(), "taken once")
    }

    func testThePromptLineKeepsEachKindsHistoryWithoutRepeats() {
        var line = PromptLine()
        line.remember("a = 1", for: .filter)
        line.remember("a = 1", for: .filter)
        line.remember("", for: .filter)
        line.remember("b", for: .search)
        line.open(.filter, text: "a")
        XCTAssertEqual(line.current?.kind, .filter)
        XCTAssertEqual(line.current?.text, "a")
        XCTAssertEqual(line.history[.filter], ["a = 1"])
        line.close()
        XCTAssertNil(line.current)
        XCTAssertNil(line.editing)
    }

    func testTheModeLabels() {
        let main = MainController()
        XCTAssertEqual(main.mode, .tables, "the table list has the keys first")
        main.focus = .grid
        XCTAssertEqual(main.mode, .browse)
        XCTAssertEqual(HelpController().mode.label, "HELP")
        let page = TextPageController(title: "Pending changes", lines: [], mode: .pending)
        XCTAssertTrue(page.isPage(.pending))
        XCTAssertFalse(page.isPage(.conflicts))
        XCTAssertEqual(PromptKind.resolveConflicts(thenQuit: QuitQuestion()).mode, .conflict)
    }
}
