import ORMCore

/// What ``Exports`` asks of the ``App`` it serves: the database (an export never overwrites it),
/// the grid shown, the spinner's frame, the one status-bar sink, and the prompt line its question
/// opens on.
protocol ExportsHost: AnyObject {
    /// The open database.
    var database: Database { get }
    /// The grid of the visible screen, if it shows one: the view exported.
    var currentGrid: GridModel? { get }
    /// What is shown: the spinner's frame the progress turns with.
    var state: AppState { get }

    /// Says `message` in the status bar (the app's one sink).
    func say(_ message: StatusMessage)

    /// Clears the status-bar message.
    func clearMessage()

    /// Opens the prompt `kind` with `text` already typed (whether to replace a file).
    func openPrompt(_ kind: PromptKind, text: String)
}
