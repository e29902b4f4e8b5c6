import Foundation
import ORMCore
import XCTest

@testable import Browser

/// The view follows committed changes: reef's own statements and other connections' commits.
final class LiveRefreshTests: XCTestCase {
    private var fixture: BrowserFixture!

    override func setUpWithError() throws {
        fixture = try BrowserFixture()
    }

    override func tearDown() {
        fixture.remove()
    }

    /// An UPDATE typed at the SQL prompt shows in the table behind it, and the cursor stays on its row.
    func testOwnStatementsRefreshTheTable() throws {
        let screen = try fixture.screen(
            "jj" + "eUPDATE artists SET country = 'ZZ' WHERE id = 3<Enter><wait:50>q<wait:50>",
            columns: 80, rows: 8, table: "artists")
        let text = screen.joined(separator: "\n")
        XCTAssertTrue(text.contains("Emoji 😀 band│ZZ"), text)
        XCTAssertTrue(text.contains("artists  3/3  id"), text)
    }

    /// Another connection's commit reaches the app on its next tick, which reloads the shown table.
    func testAnotherConnectionsCommitIsPickedUpOnATick() throws {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "artists")
        let runner = HeadlessRunner(app: app, columns: 80, rows: 8)
        _ = runner.run(try KeyScript.parse("j"))
        let other = try Database(path: fixture.path)
        try other.execute("INSERT INTO artists VALUES (9, 'Late arrival', 'IS')")
        let deadline = Date().addingTimeInterval(2)
        var screen: [String] = []
        while Date() < deadline {
            screen = runner.run(try KeyScript.parse("<wait:20>")).last ?? []
            if screen.joined().contains("Late arrival") { break }
        }
        let text = screen.joined(separator: "\n")
        XCTAssertTrue(text.contains("Late arrival"), text)
        XCTAssertTrue(text.contains("artists  2/4  id"), "the cursor stays on its row and the count follows: \(text)")
        XCTAssertTrue(text.contains("changed by another process"), text)
    }
}
