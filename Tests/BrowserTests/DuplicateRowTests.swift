import Foundation
import ORMCore
import XCTest
@testable import Browser

/// Duplicating rows headless (`D`): the copy is a new row after the table's rows; a rowid key
/// is left to SQLite, a composite key is copied and SQLite's UNIQUE refusal is shown until the
/// key is changed; staged values are copied as shown.
final class DuplicateRowTests: XCTestCase {
    /// The fixture database, new for each test.
    private var fixture: BrowserFixture!

    /// Builds the fixture.
    override func setUpWithError() throws {
        fixture = try BrowserFixture()
    }

    /// Removes the fixture.
    override func tearDown() {
        fixture.remove()
    }

    /// Every row of `table`, read by a connection of its own.
    private func rows(_ table: String, orderBy order: String = "rowid") throws -> [[SQLValue]] {
        try Database(path: fixture.path).fetchAll(SQL(stringLiteral: "SELECT * FROM \(quoteIdentifier(table)) ORDER BY \(order)"))
    }

    /// The copy of an INTEGER PRIMARY KEY row names every column but the key; SQLite picks it.
    func testTheRowidKeyIsLeftToSQLite() throws {
        let screens = try fixture.headless("jD<dump>p<dump>qw", columns: 80, rows: 8, table: "artists")
        XCTAssertEqual(screens[0][4], "my \"odd\" table   2│+4│  4│漢字テスト   │JP      │")
        XCTAssertTrue(screens[0].last?.contains("row 2 duplicated as new row 1 · w commits, u undoes") == true,
                      screens[0].joined(separator: "\n"))
        XCTAssertEqual(screens[1][2], "INSERT INTO \"artists\" (\"country\", \"name\") VALUES ('JP', '漢字テスト');")
        XCTAssertEqual(try rows("artists").last, [4, "漢字テスト", "JP"])
    }

    /// Staged values of the row are copied as the grid shows them.
    func testStagedValuesAreCopied() throws {
        let screen = try fixture.screen("lli<C-u>SE<Enter>Dp", columns: 80, rows: 8, table: "artists")
        XCTAssertEqual(Array(screen[2...3]), [
            "UPDATE \"artists\" SET \"country\" = 'SE' WHERE \"id\" = 1;",
            "INSERT INTO \"artists\" (\"country\", \"name\") VALUES ('SE', 'Ada');",
        ])
    }

    /// A composite key is copied: SQLite refuses the copy as a duplicate, which is staged marked
    /// `!` with the UNIQUE message and holds the commit back until its key is changed.
    func testACompositeKeyMustBeChangedBeforeTheCommit() throws {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "pairs")
        let runner = HeadlessRunner(app: app, columns: 120, rows: 8)
        let screens = runner.run(try KeyScript.parse("D<dump>w"))
        XCTAssertEqual(screens[0][4], "my \"odd\" table   2│!4│x  │  1│x1 │")
        XCTAssertEqual(screens[0].last, " BROWSE  row 1 duplicated as new row 1, but UNIQUE constraint failed: pairs.a, pairs.b"
                       + " · change its key (a, b) before w")
        XCTAssertTrue(screens[1].last?.contains("nothing written: new row 1 of pairs: UNIQUE constraint failed") == true,
                      screens[1].joined(separator: "\n"))
        XCTAssertEqual(try rows("pairs", orderBy: "a, b").count, 3)
        let pending = runner.run(try KeyScript.parse("p")).last ?? []
        XCTAssertEqual(Array(pending[2...3]), [
            "INSERT INTO \"pairs\" (\"a\", \"b\", \"v\") VALUES ('x', 1, 'x1');",
            "-- new row 1 is refused as it is, nothing is written until it is fixed: UNIQUE constraint failed: pairs.a, pairs.b",
        ])
        let fixed = runner.run(try KeyScript.parse("qli<C-u>3<Enter><dump>w"))
        XCTAssertEqual(fixed[0][4], "my \"odd\" table   2│+4│x  │  3│x1 │")
        XCTAssertTrue(fixed[1].last?.contains("committed 1 change") == true, fixed[1].joined(separator: "\n"))
        XCTAssertEqual(try rows("pairs", orderBy: "a, b"), [["x", 1, "x1"], ["x", 2, "x2"], ["x", 3, "x1"], ["y", 1, "y1"]])
    }

    /// A table keyed by its hidden rowid: the copy names the visible columns only.
    func testAHiddenRowidIsNotCopied() throws {
        let screen = try fixture.screen("Dp", columns: 80, rows: 8, table: "my \"odd\" table")
        XCTAssertEqual(screen[2], "INSERT INTO \"my \"\"odd\"\" table\" (\"a col\", \"select\") VALUES ('spaces', 1);")
        _ = try fixture.screen("Dw", columns: 80, rows: 8, table: "my \"odd\" table")
        XCTAssertEqual(try rows("my \"odd\" table"), [["spaces", 1], [.null, 2], ["spaces", 1]])
    }

    /// A new row can be duplicated too, and `u` takes the copy back.
    func testDuplicatingANewRowAndUndo() throws {
        let screens = try fixture.headless("olli<C-u>Copy me<Enter>D<dump>p<dump>qu", columns: 80, rows: 8, table: "albums")
        XCTAssertTrue(screens[0].joined(separator: "\n").contains("+6│  6│         ∅│Copy me│"), screens[0].joined(separator: "\n"))
        XCTAssertTrue(screens[0].last?.contains("new row 1 duplicated as new row 2") == true, screens[0].joined(separator: "\n"))
        XCTAssertEqual(Array(screens[1][2...3]), [
            "INSERT INTO \"albums\" (\"title\") VALUES ('Copy me');",
            "INSERT INTO \"albums\" (\"title\") VALUES ('Copy me');",
        ])
        XCTAssertTrue(screens[2].last?.contains("undone: new row 2") == true, screens[2].joined(separator: "\n"))
        XCTAssertFalse(screens[2].joined(separator: "\n").contains("+6"))
        XCTAssertTrue(screens[2].joined(separator: "\n").contains("+5"))
    }
}
