import Foundation
import ORMCore
import XCTest
@testable import Browser

/// A key that opens a prompt (`i`, `E`, `f`, `X`) but is refused still takes the text typed after
/// it, in a prompt that says why, so that text never runs as commands.
final class RefusedPromptTests: XCTestCase {
    private var fixture: BrowserFixture!

    override func setUpWithError() throws {
        fixture = try BrowserFixture()
    }

    override func tearDown() {
        fixture.remove()
    }

    /// `iwow` on a view used to say "read-only" and then run `w`, committing the changes staged in
    /// another table. The text goes to a prompt that says why; Enter closes it; nothing is written.
    func testTextTypedAfterARefusedEditRunsNoCommand() throws {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "artists")
        let runner = HeadlessRunner(app: app, columns: 80, rows: 6)
        let screens = runner.run(try KeyScript.parse("llx<Tab>gg<Enter>iwow<dump><Enter>"))
        XCTAssertEqual(screens[0].last, "read-only: album_titles is a view · Esc: wow")
        XCTAssertEqual(screens[1].last?.hasPrefix(" BROWSE  read-only: album_titles is a view"), true,
                       screens[1].joined(separator: "\n"))
        XCTAssertEqual(app.pendingEditCount, 1)
        XCTAssertEqual(try fixture.open(readOnly: true).scalar("SELECT country FROM artists WHERE id = 1"), .text("UK"))
    }

    /// The same for `E` under --readonly and `f` on results that cannot be filtered (a summary);
    /// Esc closes.
    func testRefusedEditorAndFilterHoldTheirText() throws {
        let readOnly = try fixture.screen("Ewq", columns: 80, rows: 6, table: "artists", readOnly: true)
        XCTAssertEqual(readOnly.last, "read-only: the database is open with --readonly · Esc: wq")
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "artists")
        let runner = HeadlessRunner(app: app, columns: 80, rows: 6)
        let screens = runner.run(try KeyScript.parse("Ifdd<dump><Esc>"))
        XCTAssertEqual(screens[0].last, "these results cannot be filtered · Esc: dd")
        XCTAssertNil(app.prompt.current)
        guard app.state.top.showsResults else {
            return XCTFail("the results stay on screen")
        }
    }
}
