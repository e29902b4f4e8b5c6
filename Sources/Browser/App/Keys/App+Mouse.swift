extension App {
    /// The rows one wheel step scrolls.
    static let wheelStep = 3

    /// Handles a click or wheel step: clicks select tables and cells, the wheel scrolls.
    func handleMouse(_ event: MouseEvent) -> Outcome {
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
            outcome = perform(command)
        }
        return outcome
    }

    /// Selects the table or cell under a click on the main screen or a results grid.
    private func click(x: Int, y: Int) -> Outcome {
        guard state.isMainOnTop else {
            guard state.top.showsResults, let grid = state.top.grid else {
                return .handled
            }
            select(x: x, y: y, in: grid)
            return .redraw
        }
        let layout = state.main.layout(of: screenLayout.content, sidebarWidth: sidebarWidth)
        if let sidebar = layout.sidebar, sidebar.contains(x: x, y: y) {
            let listed = tableBrowser.listedTables
            let position = state.main.firstVisibleTable + (y - sidebar.y - 1)
            if y > sidebar.y && listed.indices.contains(position) {
                tableBrowser.selectTable(listed[position])
                state.main.focus = .tables
            }
            return .redraw
        }
        if let grid = selectedTableGrid, layout.content.contains(x: x, y: y) {
            state.main.focus = .grid
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
