@testable import Browser
import XCTest

/// The screens over a grid (the record view, query results) tested alone: a grid in memory, and a
/// host standing in for the `App` that records the commands handed to it.
final class GridScreenControllerTests: XCTestCase {
    /// Records what the screens ask of the app.
    private final class Host: RecordHost {
        var ran: [Command] = []
        var edited: [Command] = []
        var followed: [Command] = []
        var onTop = true
        var isTable = false

        func isTableGrid(_ grid: GridModel) -> Bool {
            isTable
        }

        func performOnGrid(_ command: Command, grid: GridModel, isTable: Bool) -> Outcome {
            ran.append(command)
            return .redraw
        }

        func performEditOnRecord(_ command: Command, grid: GridModel, isTable: Bool) -> Outcome {
            edited.append(command)
            return .redraw
        }

        func moveToLastRow(of grid: GridModel) {
            try? grid.moveCursor(toRow: (grid.knownTotal ?? 1) - 1)
        }

        func follow(_ command: Command, fromRecordOf grid: GridModel) -> Outcome {
            followed.append(command)
            return .redraw
        }

        func isOnTop(_ controller: any ScreenController) -> Bool {
            onTop
        }

        func filterToFrequencyValue(in table: GridModel, origin: FrequencyOrigin) -> Outcome {
            .redraw
        }

        func openFrequency(of grid: GridModel, column index: Int?) {}
    }

    private let theme = Theme.builtinDefault
    /// Above a status bar on a 30 by 6 screen: a title row and four rows of fields.
    private let area = Rect(x: 0, y: 0, width: 30, height: 5)

    private func people() -> GridModel {
        let columns = [GridColumn(name: "name", kind: .text, isKey: false), GridColumn(name: "bio", kind: .text, isKey: false)]
        return GridModel(source: MaterializedSource(title: "people", columns: columns,
                                                    rows: [[.text("Ada"), .text("one\ntwo\nthree\nfour\nfive")], [.text("Bob"), .null]]))
    }

    private func drawn(_ controller: any ScreenController) -> [String] {
        var buffer = ScreenBuffer(width: area.width, height: area.height)
        _ = controller.prepare(in: area)
        controller.render(in: area, into: &buffer, theme: theme)
        return buffer.lines().map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
    }

    func testTheRecordViewShowsTheGridsCursorRowAndMovesIt() {
        let host = Host()
        let grid = people()
        let record = RecordController(grid: grid, host: host)
        XCTAssertEqual(record.mode, .record)
        XCTAssertTrue(record.grid === grid)
        XCTAssertEqual(drawn(record), ["Record 1 of 2 · people", "name │ Ada", "bio  │ one", "     │ two", "     │ three"])
        XCTAssertEqual(record.perform(.down, in: area), .carriedOut(.redraw), "down chooses the next field")
        XCTAssertEqual(grid.cursorColumn, 1)
        XCTAssertEqual(record.perform(.bottom, in: area), .carriedOut(.redraw))
        XCTAssertEqual(record.scroll, 1, "the whole field in sight: its first line at the top")
        XCTAssertEqual(record.perform(.right, in: area), .carriedOut(.redraw), "right goes to the next record")
        XCTAssertEqual(grid.cursorRow, 1)
        XCTAssertEqual(drawn(record), ["Record 2 of 2 · people", "name │ Bob", "bio  │ ∅ NULL", "", ""])
        XCTAssertEqual(record.perform(.firstColumn, in: area), .carriedOut(.redraw), "0 goes to the first record")
        XCTAssertEqual(grid.cursorRow, 0)
        XCTAssertEqual(record.perform(.lastColumn, in: area), .carriedOut(.redraw), "$ to the last")
        XCTAssertEqual(grid.cursorRow, 1)
    }

    func testTheRecordViewHandsTheGridsCommandsToTheApp() {
        let host = Host()
        let record = RecordController(grid: people(), host: host)
        XCTAssertEqual(record.perform(.sort, in: area), .carriedOut(.redraw))
        XCTAssertEqual(record.perform(.search, in: area), .carriedOut(.redraw))
        XCTAssertEqual(host.ran, [.sort, .search])
        XCTAssertEqual(record.perform(.setNull, in: area), .carriedOut(.redraw))
        XCTAssertEqual(host.edited, [.setNull], "edits go to the one row shown")
        XCTAssertEqual(record.perform(.followReference, in: area),
                       .say(.error("foreign keys are followed from a table, not query results")))
        host.isTable = true
        XCTAssertEqual(record.perform(.followReference, in: area), .carriedOut(.redraw))
        XCTAssertEqual(host.followed, [.followReference])
        XCTAssertEqual(record.perform(.frequency, in: area), .notAKey)
        XCTAssertEqual(record.perform(.back, in: area), .close)
        XCTAssertEqual(record.perform(.cancel, in: area), .close)
    }

    func testQueryResultsCloseAndHandTheRestToTheGrid() {
        let host = Host()
        let grid = people()
        let results = QueryResultsController(grid: grid, host: host)
        XCTAssertEqual(results.mode, .results)
        XCTAssertTrue(results.grid === grid)
        XCTAssertTrue(drawn(results).contains { $0.contains("Ada") }, "\(drawn(results))")
        XCTAssertEqual(results.perform(.down, in: area), .carriedOut(.redraw))
        XCTAssertEqual(results.perform(.open, in: area), .carriedOut(.redraw))
        XCTAssertEqual(host.ran, [.down, .open])
        XCTAssertEqual(results.perform(.switchFocus, in: area), .notAKey, "no table list here")
        XCTAssertEqual(results.perform(.cancel, in: area), .close)
        XCTAssertEqual(results.perform(.back, in: area), .close)
        XCTAssertNil(results.status(spinnerFrame: 0))
    }
}
