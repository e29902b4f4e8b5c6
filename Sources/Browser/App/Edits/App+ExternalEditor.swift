import ORMCore

/// The SQL prompt's side of the user's editor, and the runner's way back after any edit in it;
/// a cell's value is edited by ``Editing``, which owns the editor.
extension App {
    /// Asks the loop to run the user's editor on the SQL prompt's text, which runs as the prompt's
    /// statements once saved. Without `$VISUAL` or `$EDITOR` the prompt stays open, saying why.
    func openExternalEditor(onSQL text: String) -> Outcome {
        guard editing.externalEditor.command != nil else {
            prompt.current?.note = "no $VISUAL or $EDITOR set"
            return .redraw
        }
        return Outcome.redraw.with(.editExternally(.sql(text)))
    }

    /// Runs `request` in the user's editor. A cell's result is staged like a line edit
    /// (``Editing/runCellEdit(_:attachedToTerminal:)``). Edited SQL runs as if typed at the prompt (see ``runEditedSQL(_:attachedToTerminal:)``).
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
            runEditedSQL(text, attachedToTerminal: attachedToTerminal)
        }
        prepareFrame()
        if let work = pending.work, work !== waiting {
            return Outcome.redraw.with(.runInBackground(label: work.label))
        }
        return .redraw
    }

    /// Edits the SQL prompt's text in the user's editor. Saved with changes, the text closes the
    /// prompt, joins the SQL history and runs (a script of several statements may span lines).
    /// Unchanged, or when the editor fails, the prompt stays open with its text as it was, and a
    /// note saying why.
    private func runEditedSQL(_ text: String, attachedToTerminal: Bool) {
        switch editing.externalEditor.edit(text, name: "reef-query", fileExtension: "sql", attachedToTerminal: attachedToTerminal) {
        case .unchanged:
            prompt.current?.note = "unchanged"
        case .failed(let reason):
            prompt.current?.note = reason + "; nothing run"
        case .changed(let edited):
            prompt.current = nil
            let problem = prompt.remember(edited, for: .sql)
            runStatement(edited)
            if let problem {
                say(.error(problem))
            }
        }
    }
}
