/// The commands that change the columns a grid's view shows: hiding them (`-`, `gv`), a computed
/// column (`=`), a join with another table (`J`, `[` to leave it). A computed column or a join
/// reads the view again in the background (``replaceView(of:label:doing:make:done:)``). Made for
/// each command (``GridCommands/columns``); it reaches the app's services through ``app``.
///
/// ```swift
/// ColumnCommands(app: app, grid: grid).hideColumn()
/// ```
struct ColumnCommands {
    /// The app: its services, which the grid's commands share with every screen.
    unowned let app: App
    /// The grid whose columns change.
    let grid: GridModel

    /// `-`: hides the cursor column of the grid (not the last one shown) and says how many are hidden.
    /// A computed column (`=`) is dropped from the view instead.
    func hideColumn() {
        if grid.source.columns.indices.contains(grid.cursorColumn), grid.source.columns[grid.cursorColumn].isComputed {
            dropComputedColumn(grid.cursorColumn)
            return
        }
        guard let name = grid.hideCursorColumn() else {
            app.say(.error(grid.source.columns.isEmpty ? "no column to hide" : "the last column shown cannot be hidden"))
            return
        }
        app.say(.info("hid \(Sanitizer.sanitize(name)) · \(grid.hiddenCount) hidden; gv shows all"))
    }

    /// `gv`: shows every hidden column of the grid again.
    func showAllColumns() {
        let count = grid.showAllColumns()
        app.say(.info(count == 0 ? "no column is hidden" : count == 1 ? "1 column shown again" : "\(count) columns shown again"))
    }
}
