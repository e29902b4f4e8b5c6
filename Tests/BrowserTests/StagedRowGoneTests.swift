import Foundation
import ORMCore
import XCTest

@testable import Browser
import TestSupport

/// A row with staged changes that another process deletes is marked as soon as live refresh sees
/// it gone, not first at `w`: the status bar counts it, the message says what to do, `p` names it.
final class StagedRowGoneTests: XCTestCase {
    private var fixture: BrowserFixture!

    override func setUpWithError() throws {
        fixture = try BrowserFixture()
    }

    override func tearDown() {
        fixture.remove()
    }

    func testARowDeletedElsewhereWithAStagedChangeIsMarkedAtOnce() throws {
        let app = try App(database: try fixture.open(), theme: .builtinDefault, initialTable: "artists")
        let runner = HeadlessRunner(app: app, columns: 100, rows: 8)
        _ = runner.run(try KeyScript.parse("jjllx"))  // row 3's country staged as NULL
        try Database(path: fixture.path).execute("DELETE FROM artists WHERE id = 3")
        var screen: [String] = []
        try waitUntil("the deleted row is seen") {
            screen = runner.run(try KeyScript.parse("<wait:20>")).last ?? []
            return screen.last?.contains("deleted meanwhile") == true
        }
        XCTAssertTrue(screen.last?.hasPrefix(" BROWSE  a row of artists with staged changes was deleted meanwhile: p shows it, u undoes")
                      == true, screen.joined(separator: "\n"))
        // The next key clears the message; the status bar keeps counting the row gone.
        let moved = runner.run(try KeyScript.parse("k")).last ?? []
        XCTAssertTrue(moved.last?.contains("1 pending (1 row gone)  artists") == true, moved.joined(separator: "\n"))

        let pending = runner.run(try KeyScript.parse("p")).last ?? []
        XCTAssertTrue(pending.contains("-- its row was deleted meanwhile: w lists it as a conflict"), pending.joined(separator: "\n"))

        // Undone, nothing is gone any more; staged again on a row that is there, nothing is gone.
        let undone = runner.run(try KeyScript.parse("<Esc>u")).last ?? []
        XCTAssertFalse(undone.joined().contains("gone"), undone.joined(separator: "\n"))
        XCTAssertTrue(app.staging.edits.values.allSatisfy(\.gone.isEmpty))
    }

    func testStagedEditsKeepWhatIsGoneAcrossUndoOfAnotherRowAndForgetRowsTheyNoLongerChange() {
        let one = RowKey(values: [.integer(1)]), two = RowKey(values: [.integer(2)])
        var edits = StagedEdits()
        edits.stage(.cell(key: one, column: "name", value: .null, original: [:]))
        edits.stage(.cell(key: two, column: "name", value: .null, original: [:]))
        edits.noteRows(checked: [one, two, RowKey(values: [.integer(9)])], missing: [one, RowKey(values: [.integer(9)])])
        XCTAssertEqual(edits.gone, [one], "a row without staged changes is not counted")
        _ = edits.undo()
        XCTAssertEqual(edits.gone, [one], "undoing another row's change keeps it")
        edits.noteRows(checked: [one], missing: [])
        XCTAssertEqual(edits.gone, [], "found again")
        edits.noteRows(checked: [one], missing: [one])
        _ = edits.undo()
        XCTAssertEqual(edits.gone, [], "its change undone")
    }
}
