extension App {
    /// `gc`: moves the cursor to the column named `text` (ignoring case), else to the next column
    /// after the cursor whose name the pattern `text` matches (ignoring case, wrapping around), as
    /// VisiData's `c` does. A hidden column found so is shown again: it was asked for by name.
    func goToColumn(in grid: GridModel, named text: String) throws {
        let pattern = text.trimmedWhitespace
        guard !pattern.isEmpty else {
            return
        }
        let names = grid.source.columns.map(\.name)
        guard let found = try ColumnNameMatch(pattern).next(in: names, after: grid.cursorColumn) else {
            say(.error("no column matches \(Sanitizer.sanitize(pattern))"))
            return
        }
        let name = names[found]
        let wasHidden = grid.hiddenColumns.remove(name) != nil
        grid.moveCursor(toColumn: found)
        say(.info("column \(Sanitizer.sanitize(name)) (\(found + 1) of \(names.count))" + (wasHidden ? ", shown again" : "")))
    }
}
