import XCTest
@testable import Browser

/// Golden screens of the record view: every column in full, editing a field, long values wrapped,
/// paging and deleting the row shown.
extension HeadlessScreenTests {
    /// Keys `jj<Enter>` at 60x12.
    func testRecordViewShowsEveryColumnInFull() throws {
        let screens = try fixture.headless("jj<Enter>", columns: 60, rows: 12, table: "albums")
        XCTAssertEqual(screens.count, 1)
        assertScreen(screens[0], [
            "Record 3 of 4 · albums",
            "id        │ 3",
            "artist_id │ 2",
            "title     │ 東京",
            "cover     │ <2 B> 00 ff",
            "notes     │ line one",
            "          │ line two",
            "price     │ ∅ NULL",
            "",
            "",
            "",
            " RECORD  ? help                             albums  3/4  id",
        ])
    }

    /// In the record view `j`/`k` choose a field (the status bar names it, the view scrolls to it)
    /// and `i`, `x` edit it as in the grid; the edits are staged and committed as usual.
    func testRecordViewEditsTheChosenField() throws {
        let screens = try fixture.headless("jj<Enter>jji<C-u>Kyoto<Enter><dump>jjx<dump>w", columns: 60, rows: 6, table: "albums")
        assertScreen(screens[0], [
            "Record 3 of 4 · albums",
            "id        │ 3",
            "artist_id │ 2",
            "title     │ Kyoto",
            "cover     │ <2 B> 00 ff",
            " RECORD  staged: title = 'Kyoto' · w commits, u undoes  3/4",
        ])
        assertScreen(screens[1], [
            "Record 3 of 4 · albums",
            "title     │ Kyoto",
            "cover     │ <2 B> 00 ff",
            "notes     │ ∅ NULL",
            "price     │ ∅ NULL",
            " RECORD  staged: notes = NULL · w commits, u undoes     3/4",
        ])
        XCTAssertTrue(screens[2].last?.contains("committed 1 change") == true, screens[2].joined(separator: "\n"))
        let database = try fixture.open(readOnly: true)
        XCTAssertEqual(try database.scalar("SELECT title FROM albums WHERE id = 3"), .text("Kyoto"))
        XCTAssertEqual(try database.scalar("SELECT notes IS NULL FROM albums WHERE id = 3"), .integer(1))
    }

    /// A long value wraps within the value column, under itself.
    func testRecordViewWrapsLongValuesUnderTheValue() throws {
        let screen = try fixture.screen("<Enter>", columns: 40, rows: 12, table: "albums")
        assertScreen(screen, [
            "Record 1 of 4 · albums",
            "id        │ 1",
            "artist_id │ 1",
            "title     │ First",
            "cover     │ <9 B> 89 50 4e 47 0d 0a 1a",
            "          │ 0a 00",
            "notes     │ A long note that goes on and",
            "          │ on and on until it has to be",
            "          │ cut somewhere",
            "price     │ 9.5",
            "",
            " RECORD  ? help         albums  1/4  id",
        ])
    }

    /// In the record view a page key takes the field cursor along (to the top of the page), and
    /// `dd` deletes the row shown even while other rows are marked.
    func testRecordViewPagesTheFieldCursorAndDeletesTheRowShown() throws {
        let paged = try fixture.headless("<Enter><C-f>i", columns: 60, rows: 5, table: "albums")
        XCTAssertEqual(paged.last?.last, "cover: x'89504e470d0a1a0a00'", paged.last?.joined(separator: "\n") ?? "")
        let deleting = try fixture.screen("mm<Enter>dd", columns: 60, rows: 5, table: "albums")
        XCTAssertEqual(deleting.last, "Delete 1 row? y/n", deleting.joined(separator: "\n"))
        let screens = try fixture.headless("mm<Enter>ddyw", columns: 60, rows: 5, table: "albums")
        XCTAssertTrue(screens.last?.last?.contains("committed 1 change") == true, screens.last?.joined(separator: "\n") ?? "")
        let database = try fixture.open(readOnly: true)
        XCTAssertEqual(try database.fetchAll("SELECT id FROM albums ORDER BY id"), [[.integer(1)], [.integer(2)], [.integer(4)]])
    }
}
