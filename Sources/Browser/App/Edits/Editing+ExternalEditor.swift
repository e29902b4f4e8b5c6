import ORMCore

extension Editing {
    /// Asks the runner to run the user's editor on `target`'s value (the outcome's
    /// ``Effect/editExternally(_:)``, which comes back to ``App/runExternalEdit(_:attachedToTerminal:)``
    /// and then to ``runCellEdit(_:attachedToTerminal:)``); without `$VISUAL` or `$EDITOR`, opens
    /// the line editor instead, saying why.
    func openExternalEditor(on target: EditTarget) -> Outcome {
        guard externalEditor.command != nil else {
            openCellEditor(on: target, note: "no $VISUAL or $EDITOR set")
            return .redraw
        }
        return Outcome.redraw.with(.editExternally(.cell(target)))
    }

    /// Edits a cell's value in the user's editor and stages the result like a line edit: parsed
    /// by the column's type; an unchanged text, a failed editor or a refused value stage nothing.
    /// `attachedToTerminal` (ncurses) gives the editor the terminal; headless it runs without one.
    func runCellEdit(_ target: EditTarget, attachedToTerminal: Bool) {
        let text = editText(for: target)
        switch externalEditor.edit(text, name: "\(target.table)-\(target.column)", attachedToTerminal: attachedToTerminal) {
        case .unchanged:
            host.say(.info("unchanged"))
        case .failed(let reason):
            host.say(.error(reason + "; nothing staged"))
        case .changed(let edited):
            stageText(edited, for: target)
        }
    }
}
