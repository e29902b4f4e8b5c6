import XCTest
@testable import Browser

/// A whole 40x10 screen drawn through ``Terminal`` and ``MemoryBackend``, as the app will.
final class ScreenCompositionTests: XCTestCase {
    /// The theme the golden tests render with.
    private let theme = Theme.builtinDefault

    /// Lays out table list, grid and status bar (or a prompt) the way the browser will.
    private func drawScreen(_ frame: inout Frame, cursorRow: Int, prompt: Prompt?) {
        let (body, bottom) = frame.area.splitBottom(1)
        let (sidebar, rest) = body.splitLeft(12)
        let (_, grid) = rest.splitLeft(1)
        let list = ListWidget(items: [ListItem(title: "albums", count: 347), ListItem(title: "artists", count: nil)],
                              selected: 0, spinnerFrame: 3)
        list.render(in: sidebar, into: &frame.buffer, theme: theme)
        frame.buffer.fill(Rect(x: sidebar.right, y: body.y, width: 1, height: body.height), style: theme[.border])
        let columns = [GridColumn(name: "id", kind: .integer, isKey: true), GridColumn(name: "title", kind: .text)]
        let rows: [[GridValue]] = [
            [.integer(1), .text("For Those About To Rock")], [.integer(2), .text("Balls to the Wall")],
            [.integer(3), .text("Restless and Wild")], [.integer(4), .text("Let There Be Rock")],
        ]
        var viewport = GridViewport(columns: columns, rows: rows, totalRows: 347, cursorRow: cursorRow)
        viewport.columnWidths = ColumnWidths.fit(columns: columns, rows: rows, maximum: 18)
        GridWidget.render(viewport, in: grid, into: &frame.buffer, theme: theme)
        if let prompt {
            let cursor = prompt.render(in: bottom, into: &frame.buffer, theme: theme)
            frame.cursor = cursor
        } else {
            StatusBar(mode: "BROWSE", message: "", right: "\(cursorRow + 1)/347").render(in: bottom, into: &frame.buffer, theme: theme)
        }
    }

    func testGolden40x10Screen() {
        let backend = MemoryBackend(columns: 40, rows: 10)
        let terminal = Terminal(backend: backend)
        terminal.draw { drawScreen(&$0, cursorRow: 0, prompt: nil) }
        XCTAssertEqual(backend.lines(), [
            "albums   347    │id │title             │",
            "artists    ⠸   1│  1│For Those About T…│",
            "               2│  2│Balls to the Wall │",
            "               3│  3│Restless and Wild │",
            "               4│  4│Let There Be Rock │",
            "                                        ",
            "                                        ",
            "                                        ",
            "                                        ",
            " BROWSE                           1/347 ",
        ])
    }

    func testMovingTheCursorSendsOnlyTheAffectedCells() {
        let backend = MemoryBackend(columns: 40, rows: 10)
        let terminal = Terminal(backend: backend)
        terminal.draw { drawScreen(&$0, cursorRow: 0, prompt: nil) }
        let changes = terminal.draw { drawScreen(&$0, cursorRow: 1, prompt: nil) }
        XCTAssertEqual(Set(changes.map(\.y)), [1, 2, 9], "old cursor row, new cursor row, status bar")
        XCTAssertFalse(backend.cursor.visible)
        let promptChanges = terminal.draw { drawScreen(&$0, cursorRow: 1, prompt: Prompt(label: "/", text: "rock")) }
        XCTAssertEqual(Set(promptChanges.map(\.y)), [9])
        XCTAssertTrue(backend.cursor == (5, 9, true))
        XCTAssertEqual(backend.lines()[9], "/rock                                   ")
    }
}
