import ORMCore

extension App {
    /// Asks the loop to run the user's editor on `target`'s value (``runPendingExternalEdit(attachedToTerminal:)``);
    /// without `$VISUAL` or `$EDITOR`, opens the line editor instead, saying why.
    func openExternalEditor(on target: EditTarget) {
        guard externalEditor.command != nil else {
            openCellEditor(on: target, note: "no $VISUAL or $EDITOR set")
            return
        }
        pendingExternalEdit = target
    }

    /// Whether an edit in the user's editor waits for the loop to run it.
    var hasPendingExternalEdit: Bool {
        pendingExternalEdit != nil
    }

    /// Runs the waiting edit in the user's editor and stages its result like a line edit: parsed
    /// by the column's type; an unchanged text, a failed editor or a refused value stage nothing.
    ///
    /// The loop suspends the screen around it when `attachedToTerminal` (ncurses); headless, the
    /// editor runs without a terminal.
    func runPendingExternalEdit(attachedToTerminal: Bool) {
        guard let target = pendingExternalEdit else {
            return
        }
        pendingExternalEdit = nil
        let text = CellValueParser.editText(for: target.current)
        switch externalEditor.edit(text, name: "\(target.table)-\(target.column)", attachedToTerminal: attachedToTerminal) {
        case .unchanged:
            state.message = .info("unchanged")
        case .failed(let reason):
            state.message = .error(reason)
        case .changed(let edited):
            stageText(edited, for: target)
        }
    }
}
