/// The mouse on the screens: clicks select tables and cells, the wheel scrolls. Made for each
/// event (``App/handle(_:)``); it reaches the screens through ``app``.
///
/// ```swift
/// MouseHandler(app: app).handle(event)
/// ```
struct MouseHandler {
    /// The rows one wheel step scrolls.
    static let wheelStep = 3

    /// The app whose screens the mouse acts on.
    unowned let app: App

    /// Handles a click or wheel step: clicks select tables and cells, the wheel scrolls.
    func handle(_ event: MouseEvent) -> Outcome {
        switch event.button {
        case .wheelUp:
            return scroll(by: -Self.wheelStep)
        case .wheelDown:
            return scroll(by: Self.wheelStep)
        case .left:
            return click(x: event.x, y: event.y)
        case .right, .middle:
            return .handled
        }
    }

    /// Scrolls the visible screen by `rows`.
    private func scroll(by rows: Int) -> Outcome {
        let command: Command = rows < 0 ? .up : .down
        var outcome = Outcome.handled
        for _ in 0..<abs(rows) {
            outcome = app.perform(command)
        }
        return outcome
    }

    /// Selects the table or cell under a click on the main screen or a results grid.
    private func click(x: Int, y: Int) -> Outcome {
        guard app.state.isMainOnTop else {
            guard app.state.top.showsResults, let grid = app.state.top.grid else {
                return .handled
            }
            select(x: x, y: y, in: grid)
            return .redraw
        }
        let layout = app.state.main.layout(of: app.screenLayout.content, sidebarWidth: app.sidebarWidth)
        if let sidebar = layout.sidebar, sidebar.contains(x: x, y: y) {
            let listed = app.tableBrowser.listedTables
            let position = app.state.main.firstVisibleTable + (y - sidebar.y - 1)
            if y > sidebar.y && listed.indices.contains(position) {
                app.tableBrowser.selectTable(listed[position])
                app.state.main.focus = .tables
            }
            return .redraw
        }
        if let grid = app.selectedTableGrid, layout.content.contains(x: x, y: y) {
            app.state.main.focus = .grid
            select(x: x, y: y, in: grid)
        }
        return .redraw
    }

    /// Moves the grid cursor to the cell drawn at (`x`, `y`).
    private func select(x: Int, y: Int, in grid: GridModel) {
        let area = grid.lastArea
        let row = grid.firstRow + (y - area.y - 1)
        if y > area.y, let clamped = try? grid.clampedRow(row), clamped == row {
            grid.cursorRow = row
        }
        let column = x - area.x
        if let slot = grid.lastSlots.first(where: { column >= $0.x && column < $0.x + $0.width + 1 }) {
            grid.cursorColumn = slot.column
        }
    }
}
