import Foundation
import ORMCore
import XCTest
@testable import Browser
import TestSupport

/// When another process drops or renames the table on screen, reef says so and shows what is
/// there now, rather than announcing a change to the table that took its place in the list.
final class TableGoneTests: XCTestCase {
    private var fixture: BrowserFixture!

    override func setUpWithError() throws {
        fixture = try BrowserFixture()
    }

    override func tearDown() {
        fixture.remove()
    }

    /// Plays `<wait:10>` on `runner` until `done` holds (the change is picked up on a tick).
    private func play(_ runner: HeadlessRunner, until done: () -> Bool) throws {
        let wait = try KeyScript.parse("<wait:10>")
        try waitUntil("the change was picked up", between: { _ = runner.run(wait) }, done)
    }

    /// Issue #25: another process dropping the table on screen showed the table now in its place
    /// with "my "odd" table changed by another process". The status bar says what happened.
    func testTheTableOnScreenDroppedIsSaidToBeDropped() throws {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "pairs")
        let runner = HeadlessRunner(app: app, columns: 80, rows: 8)
        runner.run(try KeyScript.parse("j<Enter>"))
        try Database(path: fixture.path).execute("DROP TABLE pairs")
        try play(runner) { app.catalog.names.count == 4 }
        let screen = runner.run([]).last ?? []
        XCTAssertEqual(screen.last?.hasPrefix(" BROWSE  pairs was dropped by another process"), true,
                       screen.joined(separator: "\n"))
        XCTAssertEqual(app.selectedTableName, "my \"odd\" table")
        XCTAssertNil(app.tables.grids["pairs"], "its grid is closed")
        XCTAssertEqual(app.state.screens.count, 1, "so is the record view over it")
    }

    /// A table on screen renamed by another process is followed under its new name.
    func testTheTableOnScreenRenamedIsFollowed() throws {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "artists")
        let runner = HeadlessRunner(app: app, columns: 80, rows: 8)
        runner.run(try KeyScript.parse("j"))
        try Database(path: fixture.path).execute("ALTER TABLE artists RENAME TO painters")
        try play(runner) { app.catalog.names.contains { $0.name == "painters" } }
        let screen = runner.run([]).last ?? []
        XCTAssertEqual(screen.last?.hasPrefix(" BROWSE  artists was renamed to painters by another process"), true,
                       screen.joined(separator: "\n"))
        XCTAssertEqual(app.selectedTableName, "painters")
    }
}
