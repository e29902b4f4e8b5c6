import Foundation
import ORMCore
import XCTest
@testable import Browser

/// The record view takes the grid's data keys (search, sort, filter, go to row, marks, new rows,
/// foreign keys) and a prompt it opens takes the text typed after it, so that text never runs as
/// commands.
final class RecordViewKeysTests: XCTestCase {
    private var fixture: BrowserFixture!

    override func setUpWithError() throws {
        fixture = try BrowserFixture()
    }

    override func tearDown() {
        fixture.remove()
    }

    /// Issue #25: `/xmas` in the record view searched nothing and its `x` set the field NULL.
    /// Now `/` opens the search and the text goes to it: nothing is staged.
    func testSearchFromTheRecordViewTakesTheTextTyped() throws {
        let screens = try fixture.headless("<Enter>jjjj/xmas<Enter><dump>qp", columns: 70, rows: 10, table: "albums")
        XCTAssertEqual(screens[0].last?.hasPrefix(" RECORD  not found: xmas"), true, screens[0].joined(separator: "\n"))
        XCTAssertEqual(screens[1].dropFirst().first, "No pending changes.", screens[1].joined(separator: "\n"))
        let found = try fixture.screen("<Enter>/line two<Enter>", columns: 70, rows: 10, table: "albums")
        XCTAssertEqual(found.first, "Record 3 of 4 · albums", found.joined(separator: "\n"))
        XCTAssertTrue(found.contains("notes     │ line one"), found.joined(separator: "\n"))
        XCTAssertTrue(found.last?.contains("albums  3/4  notes") == true, found.joined(separator: "\n"))
    }

    /// `s`, `f`, `:`, `n` work on the grid behind the record view, which shows its cursor row.
    func testSortFilterGoToAndNextMatchFromTheRecordView() throws {
        let screens = try fixture.headless("<Enter>jjjjjs<dump>fprice > 1<Enter><dump>:2<Enter><dump>", columns: 70, rows: 10,
                                           table: "albums")
        // Sorted by price ascending (NULL first), in the record view still, on the same record:
        // album 1 (9.5) is third.
        XCTAssertEqual(screens[0].first, "Record 3 of 4 · albums", screens[0].joined(separator: "\n"))
        XCTAssertTrue(screens[0].contains("id        │ 1"), screens[0].joined(separator: "\n"))
        XCTAssertTrue(screens[0].last?.contains("sort price▲") == true, screens[0].joined(separator: "\n"))
        XCTAssertEqual(screens[1].first, "Record 1 of 2 · albums", screens[1].joined(separator: "\n"))
        XCTAssertTrue(screens[1].contains("id        │ 1"), screens[1].joined(separator: "\n"))
        XCTAssertEqual(screens[2].first, "Record 2 of 2 · albums", screens[2].joined(separator: "\n"))
        XCTAssertTrue(screens[2].contains("id        │ 2"), screens[2].joined(separator: "\n"))
    }

    /// `0` and `$` go to the first and last record; `o` adds a new row and shows it; `m` marks
    /// the row and goes to the next record.
    func testFirstLastRecordNewRowAndMarksFromTheRecordView() throws {
        let screens = try fixture.headless("j<Enter>$<dump>0<dump>m<dump>o", columns: 70, rows: 10, table: "albums")
        XCTAssertEqual(screens.map { $0.first }, ["Record 4 of 4 · albums", "Record 1 of 4 · albums",
                                                  "Record 2 of 4 · albums", "Record 5 of 5 · albums"])
        XCTAssertTrue(screens[2].last?.contains("1 row marked") == true, screens[2].joined(separator: "\n"))
        XCTAssertTrue(screens[3].last?.contains("staged: new row 1") == true, screens[3].joined(separator: "\n"))
    }

    /// `]` follows the field's foreign key to the referenced record, `[` comes back to the record
    /// it left; keys that mean nothing here (`<`, Tab, Enter) say so.
    func testForeignKeysAndKeysThatAreNotKeysInTheRecordView() throws {
        let screens = try fixture.headless("jj<Enter>j]<dump>[<dump><lt><dump><Tab><dump>", columns: 70, rows: 10, table: "albums")
        XCTAssertEqual(screens[0].first, "Record 2 of 3 · artists", screens[0].joined(separator: "\n"))
        XCTAssertTrue(screens[0].contains("name    │ 漢字テスト"), screens[0].joined(separator: "\n"))
        XCTAssertEqual(screens[1].first, "Record 3 of 4 · albums", screens[1].joined(separator: "\n"))
        XCTAssertTrue(screens[2].last?.hasPrefix(" RECORD  <lt> is not a key here; ? for help") == true,
                      screens[2].joined(separator: "\n"))
        XCTAssertTrue(screens[3].last?.hasPrefix(" RECORD  <Tab> is not a key here; ? for help") == true,
                      screens[3].joined(separator: "\n"))
    }
}
