import Foundation
import ORMCore
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

    /// An app on artists, drawn once (which opens the table, as the first frame does).
    private func app() throws -> App {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "artists")
        app.resize(columns: 80, rows: 8)
        _ = screen(of: app)
        try app.waitForWaitedWork()
        XCTAssertNotNil(app.selectedTableGrid)
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
        let ready = TestSwitch()
        var completed = false
        app.run(PendingWork(label: "sorting artists by name", isReady: { ready.isOn }, complete: { completed = true }))
        XCTAssertNotNil(app.pending.work, "work that is not ready within the quick limit stays pending")
        XCTAssertEqual(app.handle(.character("j")), .handled)
        XCTAssertEqual(app.handle(.character("j")), .handled)
        XCTAssertEqual(app.currentGrid?.cursorRow, 0, "keys wait")
        XCTAssertTrue(app.hasBackgroundWork)
        XCTAssertTrue(screen(of: app).contains("sorting artists by name…  (Esc cancels)"), screen(of: app))
        XCTAssertFalse(app.tick().redraws && completed, "not ready: nothing completes")
        ready.flip()
        XCTAssertTrue(app.hasWorkToCollect)
        XCTAssertTrue(app.tick().redraws)
        XCTAssertTrue(completed)
        XCTAssertNil(app.pending.work)
        XCTAssertEqual(app.currentGrid?.cursorRow, 2, "both keys were played after the work")
    }

    /// Esc cancels, also after typed keys (they are dropped: Esc always stops what the screen
    /// waits for), and so does Ctrl-C.
    func testEscapeAndControlCCancelEvenAfterTypedKeys() throws {
        let app = try app()
        var completed = false
        app.run(PendingWork(label: "filtering artists", isReady: { false }, complete: { completed = true }))
        XCTAssertEqual(app.handle(.escape), .redraw)
        XCTAssertNil(app.pending.work)
        XCTAssertTrue(screen(of: app).contains("cancelled: filtering artists"), screen(of: app))

        let ready = TestSwitch()
        app.run(PendingWork(label: "sorting artists", isReady: { ready.isOn }, complete: { completed = true }))
        for key in [Key.character("/"), .character("x")] {
            XCTAssertEqual(app.handle(key), .handled)
        }
        XCTAssertTrue(screen(of: app).contains("sorting artists…  (Esc cancels)"), screen(of: app))
        XCTAssertEqual(app.handle(.escape), .redraw)
        XCTAssertNil(app.pending.work, "Esc after typed keys cancels too")
        XCTAssertTrue(screen(of: app).contains("cancelled: sorting artists (2 keys typed meanwhile dropped)"),
                      screen(of: app))
        ready.flip()
        _ = app.tick()
        XCTAssertFalse(completed)
        XCTAssertNil(app.prompt.current, "the waiting / was dropped")
        XCTAssertEqual(app.currentGrid?.cursorRow, 0)

        app.run(PendingWork(label: "filtering artists", isReady: { false }, complete: { completed = true }))
        _ = app.handle(.character("j"))
        XCTAssertEqual(app.handle(.control("c")), .redraw)
        XCTAssertNil(app.pending.work)
        XCTAssertTrue(screen(of: app).contains("cancelled: filtering artists (1 key typed meanwhile dropped)"), screen(of: app))
        _ = app.tick()
        XCTAssertFalse(completed)
        XCTAssertEqual(app.currentGrid?.cursorRow, 0, "the waiting j was dropped")
    }

    /// SQL from the prompt runs in the background: a query that never ends shows a spinner, Esc
    /// interrupts SQLite (its count and first rows alike), and the next statement runs at once.
    /// Done several times, more than there are readers: none is left busy.
    func testEscapeInterruptsSQLThatNeverEnds() throws {
        let endless = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c"
        let app = try app()
        for _ in 0..<5 {
            app.openPrompt(.sql, text: endless)
            _ = app.handle(.enter)
            XCTAssertTrue(screen(of: app).contains("running SQL…  (Esc cancels)"), screen(of: app))
            _ = app.handle(.escape)
            XCTAssertTrue(screen(of: app).contains("cancelled: running SQL"), screen(of: app))
        }
        app.openPrompt(.sql, text: "SELECT 41 + 1")
        _ = app.handle(.enter)
        XCTAssertTrue(app.pending.work == nil || app.pending.work?.wait(milliseconds: 5_000) == true, "a reader was free")
        _ = app.tick()
        XCTAssertTrue(screen(of: app).contains("42"), screen(of: app))
    }

    func testQuitTypedWhileWaitingEndsTheSessionAfterTheWork() throws {
        let app = try app()
        let ready = TestSwitch()
        app.run(PendingWork(label: "reading the rows of artists", isReady: { ready.isOn }, complete: {}))
        XCTAssertEqual(app.handle(.character("q")), .handled)
        XCTAssertFalse(app.tick().quits)
        ready.flip()
        XCTAssertTrue(app.tick().quits)
    }

    /// `Ctrl-J` is a new line in the SQL editor and `Enter` elsewhere: typed while the screen
    /// waits, it is read as what it is when its turn comes (the editor `e` opened by then), not
    /// as what it would have been when typed (it ran the unfinished statement at once).
    func testControlJTypedWhileWaitingIsANewLineInTheEditorOpenedBeforeIt() throws {
        let app = try app()
        let ready = TestSwitch()
        app.run(PendingWork(label: "reading the rows of artists", isReady: { ready.isOn }, complete: {}))
        let keys: [Key] = [.character("e")] + "SELECT 1".map { Key.character($0) } + [.control("j")] + ", 2".map { Key.character($0) }
        for key in keys {
            XCTAssertEqual(app.handle(key), .handled)
        }
        ready.flip()
        _ = app.tick()
        XCTAssertNil(app.pending.work)
        XCTAssertEqual(app.prompt.current?.kind, .sql)
        XCTAssertEqual(app.prompt.current?.text, "SELECT 1\n, 2")
    }

    func testQuickWorkCompletesAtOnce() throws {
        let app = try app()
        var completed = false
        app.run(PendingWork(label: "quick", isReady: { true }, complete: { completed = true }))
        XCTAssertTrue(completed)
        XCTAssertNil(app.pending.work)
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

/// Searching: one pass over the rows, wrapping at the ends.
final class MatchSearchTests: XCTestCase {
    /// Runs a search over rows 0..<10 where `matches` hold, recording the ranges looked at.
    private func search(from: Int, forward: Bool, matches: Set<Int>) throws -> (MatchSearch.Match?, [Range<Int>]) {
        var looked: [Range<Int>] = []
        let match = try MatchSearch(text: "x", from: from, forward: forward).run { range, forward in
            looked.append(range)
            let rows = range.clamped(to: 0..<10)
            return forward ? rows.first(where: matches.contains) : rows.reversed().first(where: matches.contains)
        }
        return (match, looked)
    }

    func testForwardLooksAheadThenWrapsToTheCursor() throws {
        let (ahead, _) = try search(from: 3, forward: true, matches: [1, 6, 8])
        XCTAssertEqual(ahead?.row, 6)
        XCTAssertEqual(ahead?.wrapped, false)
        let (wrapped, looked) = try search(from: 7, forward: true, matches: [1, 6])
        XCTAssertEqual(wrapped?.row, 1)
        XCTAssertEqual(wrapped?.wrapped, true)
        XCTAssertEqual(looked, [8..<Int.max, 0..<8], "every row once")
        let (itself, _) = try search(from: 4, forward: true, matches: [4])
        XCTAssertEqual(itself?.row, 4, "the cursor's own row is the last one looked at")
    }

    func testBackwardLooksBehindThenWrapsFromTheEnd() throws {
        let (behind, _) = try search(from: 5, forward: false, matches: [2, 4, 9])
        XCTAssertEqual(behind?.row, 4)
        let (wrapped, looked) = try search(from: 1, forward: false, matches: [6, 9])
        XCTAssertEqual(wrapped?.row, 9)
        XCTAssertEqual(wrapped?.wrapped, true)
        XCTAssertEqual(looked, [0..<1, 1..<Int.max])
        let (missing, _) = try search(from: 5, forward: false, matches: [])
        XCTAssertNil(missing)
    }
}
