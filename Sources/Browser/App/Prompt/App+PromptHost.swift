import ORMCore

/// The ``App``'s side of the prompt line: it hosts the ``PromptController`` (and its
/// ``StatementSession``). What stays here is what the rest of the app calls too: opening a prompt
/// (``openPrompt(_:text:)``: the screens, the grids, the edits), and a grid's commands for a line
/// submitted at its prompt.
extension App: PromptHost {
    /// How many lines of the SQL editor are in sight at most: a third of the screen.
    var editorRows: Int {
        max(1, (screenLayout.status.bottom) / 3)
    }

    /// Opens the input line for `kind`, with `text` already typed (the SQL editor on its current
    /// buffer, the cursor's line in sight).
    func openPrompt(_ kind: PromptKind, text: String = "") {
        prompt.open(kind, text: text)
        prompt.current?.dialect = database.dialect
        prompt.current?.keepCursorVisible(rows: editorRows)
    }

    /// The commands of `grid`, a table's or query results'.
    func gridCommands(on grid: GridModel) -> GridCommands {
        GridCommands(app: self, grid: grid, isTable: isTableGrid(grid))
    }
}
