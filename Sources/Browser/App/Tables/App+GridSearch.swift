extension App {
    /// `\` (`g/`), `z/` and `z\`: opens the prompt of a search by a pattern, or in the cursor
    /// column only; `/` stays the search for text in any column.
    func openSearchPrompt(_ command: Command, grid: GridModel) {
        let columns = grid.source.columns
        let column = command == .searchRegex || !columns.indices.contains(grid.cursorColumn)
            ? nil : columns[grid.cursorColumn].name
        openPrompt(.gridSearch(regex: command != .searchColumn, column: column))
    }

    /// Searches the grid for `text` (a pattern when `regex`), in `column` only when given, from
    /// the row after the cursor; `n` and `N` repeat it. A pattern that does not compile is said
    /// so, and the last search stays.
    func searchGrid(_ grid: GridModel, for text: String, regex: Bool, column: String?) throws {
        guard !text.isEmpty else {
            return
        }
        let search = GridSearch(pattern: text, kind: regex ? .regex : .text, column: column)
        try search.validate()
        grid.search = search
        counted(grid) { try self.findMatch(in: grid, forward: true) }
    }
}
