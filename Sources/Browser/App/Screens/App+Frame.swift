extension App {
    /// Makes what the next frame shows (``PreparedFrame``) from the state, at the screen's
    /// ``size``: keeps the selected table in sight in the list, opens the selected table's grid,
    /// reads the grid's rows on screen, and scrolls the record view to its field when the grid's
    /// cursor moved under it (``ScreenController/prepare(in:)``). Called after every key and tick and on resize, so that
    /// ``render(_:)`` only draws.
    func prepareFrame() {
        var frame = PreparedFrame(columns: size.columns, rows: size.rows)
        let names = catalog.listCount == 0 ? 6 : catalog.widestName
        let counts = max(TextWidth.of(ListWidget.formatCount(catalog.largestCount)),
                         catalog.largestEstimate > 0 ? 1 + TextWidth.of(ListWidget.formatCount(catalog.largestEstimate)) : 0)
        // A schema's name (PostgreSQL) is in the title: wide enough to read it, focused or not.
        let title = catalog.schema == nil ? 0 : 2 + TextWidth.of(tableListTitle(listed: catalog.names.count))
        tables.widenSidebar(to: min(32, max(title, names + 1 + max(3, counts))))
        let layout = layout(of: state.top)
        if let sidebar = layout.sidebar {
            let listHeight = max(1, sidebar.height - 1)
            let listed = listedTables
            state.firstVisibleTable = ListWidget.firstVisible(keeping: listed.firstIndex(of: state.selectedTable) ?? 0,
                                                              visibleFrom: state.firstVisibleTable, height: listHeight,
                                                              count: listed.count)
        }
        switch state.top {
        case .main:
            if let grid = selectedTableGrid, !layout.content.isEmpty, let error = frame.grid.prepare(grid, in: layout.content) {
                report(error)
            }
        case .controlled(let controller):
            if let message = controller.prepare(in: layout.content) {
                say(message)
            }
        }
        preparedFrame = frame
    }

    /// Where the parts of `screen` go at the screen's size (the table list's width only grows,
    /// so the list does not jump while counts arrive).
    func layout(of screen: Screen) -> Layout {
        switch screen {
        case .main:
            Layout.main(width: size.columns, height: size.rows, sidebarWidth: sidebarWidth, focus: state.focus)
        case .controlled:
            Layout.full(width: size.columns, height: size.rows)
        }
    }

    /// The width the table list would like: its longest name and count, never less than it was
    /// (updated by ``prepareFrame()``).
    var sidebarWidth: Int {
        tables.sidebarWidthMark
    }

    /// Changes the screen size and prepares the frame for it (the runners call it when the
    /// terminal's size is known or changes).
    func resize(columns: Int, rows: Int) {
        size = (columns, rows)
        if preparedFrame.columns != columns || preparedFrame.rows != rows {
            prepareFrame()
        }
    }
}
