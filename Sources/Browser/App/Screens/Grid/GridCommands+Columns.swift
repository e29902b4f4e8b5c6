/// The columns a grid shows: hiding them (`-`, `gv`) and going to one by name (`gc`).
extension GridCommands {
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

    /// `gc`: moves the cursor to the column named `text` (ignoring case), else to the next column
    /// after the cursor whose name the pattern `text` matches (ignoring case, wrapping around), as
    /// VisiData's `c` does. A hidden column found so is shown again: it was asked for by name.
    func goToColumn(named text: String) throws {
        let pattern = text.trimmedWhitespace
        guard !pattern.isEmpty else {
            return
        }
        let names = grid.source.columns.map(\.name)
        guard let found = try ColumnNameMatch(pattern).next(in: names, after: grid.cursorColumn) else {
            app.say(.error("no column matches \(Sanitizer.sanitize(pattern))"))
            return
        }
        let name = names[found]
        let wasHidden = grid.hiddenColumns.remove(name) != nil
        grid.moveCursor(toColumn: found)
        app.say(.info("column \(Sanitizer.sanitize(name)) (\(found + 1) of \(names.count))" + (wasHidden ? ", shown again" : "")))
    }
}
