import ORMCore

/// The ``App``'s side of the prompt line: it hosts the ``PromptController`` (and its
/// ``StatementSession``), and keeps the two doors the rest of the app opens by: a prompt opened
/// (``openPrompt(_:text:)``), and a statement run (the one the user's editor sends back).
extension App: PromptHost {
    /// How many lines of the SQL editor are in sight at most: a third of the screen.
    var editorRows: Int {
        max(1, (screenLayout.status.bottom) / 3)
    }

    /// Opens the input line for `kind`, with `text` already typed.
    func openPrompt(_ kind: PromptKind, text: String = "") {
        prompt.open(kind, text: text)
        prompt.current?.dialect = database.dialect.tokenDialect
    }

    /// Runs `text` as if typed at the SQL prompt (``StatementSession/run(_:editing:at:)``).
    func runStatement(_ text: String) {
        prompts.statements.run(text)
    }

    /// The commands of `grid`, a table's or query results'.
    func gridCommands(on grid: GridModel) -> GridCommands {
        GridCommands(app: self, grid: grid, isTable: isTableGrid(grid))
    }
}
