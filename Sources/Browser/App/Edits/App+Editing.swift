import ORMCore

/// The editing the prompt's answers (`Prompt/App+Choices.swift`, `Prompt/App+Prompt.swift`) still
/// reach through the app: each passes to ``App/editing``. Every other caller calls ``Editing``
/// directly; these go once the prompt does too.
extension App {
    /// The changes staged on each table (``Editing/staging``).
    var staging: StagingState {
        get { editing.staging }
        set { editing.staging = newValue }
    }

    /// How many changes are staged, over all tables (``Editing/pendingEditCount``).
    var pendingEditCount: Int {
        editing.pendingEditCount
    }

    /// `1 change`, `3 changes` (``Editing/changes(_:)``).
    static func changes(_ count: Int) -> String {
        Editing.changes(count)
    }

    /// Takes the cell editor's text (``Editing/submitCellEdit(_:)``).
    func submitCellEdit(_ text: String) {
        editing.submitCellEdit(text)
    }

    /// Answers `Delete N rows? y/n` (``Editing/answerDelete(_:table:rows:)``).
    func answerDelete(_ key: Key, table name: String, rows: [RowRef]) {
        editing.answerDelete(key, table: name, rows: rows)
    }

    /// Answers the revert question (``Editing/answerRevert(_:)``).
    func answerRevert(_ key: Key) {
        editing.answerRevert(key)
    }

    /// Commits the staged changes (``Editing/commitEdits(policy:thenQuit:)``); returns whether
    /// everything was written.
    func commitEdits(policy: ConflictPolicy, thenQuit: Bool = false) -> Bool {
        editing.commitEdits(policy: policy, thenQuit: thenQuit)
    }

    /// Closes the pending changes screen when it is on top (``Editing/closePendingScreen()``).
    func closePendingScreen() {
        editing.closePendingScreen()
    }
}
