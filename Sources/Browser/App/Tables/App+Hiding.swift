extension App {
    /// `-`: hides the cursor column of the grid (not the last one shown) and says how many are hidden.
    func hideColumn(of grid: GridModel) {
        guard let name = grid.hideCursorColumn() else {
            say(.error(grid.source.columns.isEmpty ? "no column to hide" : "the last column shown cannot be hidden"))
            return
        }
        say(.info("hid \(Sanitizer.sanitize(name)) · \(grid.hiddenCount) hidden; gv shows all"))
    }

    /// `gv`: shows every hidden column of the grid again.
    func showAllColumns(of grid: GridModel) {
        let count = grid.showAllColumns()
        say(.info(count == 0 ? "no column is hidden" : count == 1 ? "1 column shown again" : "\(count) columns shown again"))
    }
}
