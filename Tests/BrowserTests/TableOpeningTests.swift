import Foundation
import ORMCore
import XCTest
@testable import Browser
import TestSupport

/// A table or view is opened in the background: one slow to read (here a view that never ends)
/// shows a spinner and Esc stops it, the browser goes on with the other tables, and Enter in the
/// table list tries it again.
final class TableOpeningTests: XCTestCase {
    private var fixture: BrowserFixture!

    override func setUpWithError() throws {
        fixture = try BrowserFixture()
        try fixture.addEndlessView()
    }

    override func tearDown() {
        fixture.remove()
    }

    private func screen(of app: App) -> [String] {
        let buffer = MemoryBackend(columns: 80, rows: 6)
        let terminal = Terminal(backend: buffer)
        terminal.draw { app.render(&$0) }
        return buffer.lines()
    }

    func testAViewThatNeverEndsIsOpenedInTheBackgroundAndEscStopsIt() throws {
        let app = try App(database: try fixture.open(), theme: .builtinDefault)
        app.resize(columns: 80, rows: 6)
        XCTAssertEqual(app.selectedTableName, "aaa_endless")
        XCTAssertTrue(screen(of: app).last?.contains("opening aaa_endless…  (Esc cancels)") == true,
                      screen(of: app).joined(separator: "\n"))
        _ = app.handle(.escape)
        XCTAssertTrue(screen(of: app).last?.contains("cancelled: opening aaa_endless") == true,
                      screen(of: app).joined(separator: "\n"))
        XCTAssertNil(app.pending.work)

        _ = app.handle(.character("j"))
        XCTAssertEqual(app.selectedTableName, "album_titles")
        // It opens in the background too: at once here, but a busy machine may take past the quick limit.
        try waitUntil("album_titles opened", between: { _ = app.tick(); pause(seconds: 0.005) }) { app.pending.work == nil }
        XCTAssertTrue(screen(of: app).joined().contains("First"), screen(of: app).joined(separator: "\n"))

        _ = app.handle(.character("k"))
        XCTAssertFalse(screen(of: app).last?.contains("opening") == true, "a cancelled opening is not retried by itself")
        XCTAssertNil(app.pending.work)
        _ = app.handle(.enter)
        XCTAssertTrue(screen(of: app).last?.contains("opening aaa_endless") == true, screen(of: app).joined(separator: "\n"))
        _ = app.handle(.control("c"))
        XCTAssertNil(app.pending.work, "Ctrl-C stops it too")
    }
}
