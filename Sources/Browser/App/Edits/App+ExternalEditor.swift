import ORMCore

/// The runner's way back after an edit in the user's editor: a cell's value is edited by
/// ``Editing``, which owns the editor, the SQL prompt's text by ``StatementSession``.
extension App {
    /// Runs `request` in the user's editor. A cell's result is staged like a line edit
    /// (``Editing/runCellEdit(_:attachedToTerminal:)``). Edited SQL runs as if typed at the prompt (see ``StatementSession/runEditedSQL(_:attachedToTerminal:)``).
    ///
    /// The runner suspends the screen around it; `attachedToTerminal` (ncurses) gives the editor
    /// the terminal, headless it runs without one. Returns what the result asks of the runner
    /// (edited SQL may leave its statement running in the background).
    func runExternalEdit(_ request: ExternalEditRequest, attachedToTerminal: Bool) -> Outcome {
        let waiting = pending.work
        switch request {
        case .cell(let target):
            editing.runCellEdit(target, attachedToTerminal: attachedToTerminal)
        case .sql(let text):
            prompts.statements.runEditedSQL(text, attachedToTerminal: attachedToTerminal)
        }
        prepareFrame()
        if let work = pending.work, work !== waiting {
            return Outcome.redraw.with(.runInBackground(label: work.label))
        }
        return .redraw
    }
}
