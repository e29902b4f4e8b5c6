import Foundation
import ORMCore
import XCTest

@testable import Browser

/// `Tab` after the name of a SQLite database attached to the session, by an `ATTACH` typed at the
/// prompt or by reef for a join with a file (`J`): that database's tables and views, and after
/// `other.table.` or an alias of it, its columns.
final class AttachedCompletionTests: XCTestCase {
    private var fixture: BrowserFixture!

    override func setUpWithError() throws {
        fixture = try BrowserFixture()
    }

    override func tearDown() {
        fixture.remove()
    }

    /// Makes `other.sqlite` beside the fixture: `gadgets` and the view `heavy`; returns its path.
    private func otherDatabase() throws -> String {
        let path = fixture.directory.appendingPathComponent("other.sqlite").path
        try Database(path: path).executeScript("""
            CREATE TABLE gadgets (gid INTEGER PRIMARY KEY, gname TEXT, weight REAL);
            CREATE VIEW heavy AS SELECT * FROM gadgets WHERE weight > 1;
            """)
        return path
    }

    /// The app on the fixture, with a headless runner.
    private func run() throws -> (App, HeadlessRunner) {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: nil)
        return (app, HeadlessRunner(app: app, columns: 100, rows: 12))
    }

    func testADatabaseAttachedAtThePromptGivesItsTablesAndColumns() throws {
        let other = try otherDatabase()
        let (app, runner) = try run()
        _ = runner.run(try KeyScript.parse("eATTACH DATABASE '\(other)' AS other<Enter>"))
        let lines = runner.run(try KeyScript.parse("e<C-u>SELECT * FROM other.<Tab>")).last ?? []
        XCTAssertEqual(app.prompt.current?.completions?.completion.candidates.map(\.name), ["gadgets", "heavy"],
                       lines.joined(separator: "\n"))
        _ = runner.run(try KeyScript.parse("<Esc><C-u>SELECT other.gadgets.<Tab>"))
        XCTAssertEqual(app.prompt.current?.completions?.completion.candidates.map(\.name), ["gid", "gname", "weight"])
        _ = runner.run(try KeyScript.parse("<Esc><C-u>SELECT * FROM other.gadgets AS g WHERE g.gn<Tab>"))
        XCTAssertEqual(app.prompt.current?.text, "SELECT * FROM other.gadgets AS g WHERE g.gname")
        _ = runner.run(try KeyScript.parse("<C-u>SELECT * FROM other.heavy h WHERE h.w<Tab>"))
        XCTAssertEqual(app.prompt.current?.text, "SELECT * FROM other.heavy h WHERE h.weight")
    }

    /// Asked before the `ATTACH`, `other.` gives nothing; after it, the tables (the schema is read
    /// again after a statement, not kept from before).
    func testANameCompletedBeforeTheAttachIsReadAgainAfter() throws {
        let other = try otherDatabase()
        let (app, runner) = try run()
        _ = runner.run(try KeyScript.parse("eSELECT * FROM other.<Tab>"))
        XCTAssertEqual(app.prompt.current?.note, "no completions")
        _ = runner.run(try KeyScript.parse("<C-u>ATTACH DATABASE '\(other)' AS other<Enter>e<C-u>SELECT * FROM other.g<Tab>"))
        XCTAssertEqual(app.prompt.current?.text, "SELECT * FROM other.gadgets")
    }

    /// The file `J` joins is attached to every connection: its schema (`joined_1`) completes too.
    func testTheFileAJoinAttachedGivesItsTableAndColumns() throws {
        let csv = fixture.directory.appendingPathComponent("moods.csv").path
        try "id,mood\n1,loud\n2,calm\n".write(toFile: csv, atomically: true, encoding: .utf8)
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "artists")
        let runner = HeadlessRunner(app: app, columns: 100, rows: 12)
        _ = runner.run(try KeyScript.parse("J\(csv)<Enter><Enter><Enter>"))
        XCTAssertEqual(app.currentGrid?.source.columns.map(\.header).suffix(2), ["moods.id", "moods.mood"])
        _ = runner.run(try KeyScript.parse("e<C-u>SELECT * FROM joined_1.<Tab>"))
        XCTAssertEqual(app.prompt.current?.text, "SELECT * FROM joined_1.moods")
        _ = runner.run(try KeyScript.parse(" m WHERE m.<Tab>"))
        XCTAssertEqual(app.prompt.current?.completions?.completion.candidates.map(\.name), ["id", "mood"])
    }
}
