extension App {
    /// Makes what the next frame shows from the state, at the screen's ``size``: widens the
    /// table list to its names and counts, and has the visible screen read and lay out what it
    /// draws (``ScreenController/prepare(in:)``: the main screen keeps the selected table in sight
    /// and reads its grid's rows; the record view scrolls to its field when the grid's cursor
    /// moved under it). Called after every key and tick and on resize, so that ``render(_:)``
    /// only draws.
    func prepareFrame() {
        preparedSize = size
        let names = catalog.listCount == 0 ? 6 : catalog.widestName
        let counts = max(TextWidth.of(ListWidget.formatCount(catalog.largestCount)),
                         catalog.largestEstimate > 0 ? 1 + TextWidth.of(ListWidget.formatCount(catalog.largestEstimate)) : 0)
        // A schema's name (PostgreSQL) is in the title: wide enough to read it, focused or not.
        let title = catalog.schema == nil ? 0 : 2 + TextWidth.of(tableBrowser.tableListTitle(listed: catalog.names.count))
        tables.widenSidebar(to: min(32, max(title, names + 1 + max(3, counts))))
        if let message = state.top.prepare(in: screenLayout.content) {
            say(message)
        }
    }

    /// Where the screen and the status bar go at the screen's size; the main screen splits its
    /// part between the table list and the grid (``MainController/layout(of:sidebarWidth:)``).
    /// With several databases open the first row says which is shown (``databaseTabRow``).
    var screenLayout: Layout {
        var layout = Layout.full(width: size.columns, height: size.rows)
        if databaseTab != nil, layout.content.height > 1 {
            layout.content = layout.content.splitTop(1).rest
        }
        return layout
    }

    /// The row above the screens saying which database is shown (`[2/3] shop.db`), when several
    /// are open and the terminal has a row to spare.
    var databaseTabRow: Rect? {
        let layout = screenLayout
        guard databaseTab != nil, layout.content.y > 0 else {
            return nil
        }
        return Rect(x: 0, y: 0, width: layout.content.width, height: 1)
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
        if preparedSize.columns != columns || preparedSize.rows != rows {
            prepareFrame()
        }
    }
}
