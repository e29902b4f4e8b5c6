import ORMCore

/// What the statements typed at the SQL prompt (``StatementSession``) ask of the ``App`` they
/// run in: the database and the work waited for, the screen stack their results open on, the
/// tables they may have changed, the prompt line a rejected statement goes back into, the user's
/// editor, and the status bar. A results grid's own commands go to the same host (``GridScreenHost``).
protocol StatementHost: GridScreenHost {
    /// The open database.
    var database: Database { get }
    /// The tables and views with their counts.
    var catalog: Catalog { get }
    /// Wakes the loop's wait for a key when background work has something to show.
    var wakeup: Wakeup { get }
    /// The work the screen waits for, and the statements running or stopped.
    var pending: PendingState { get set }
    /// The screens (the results open on top of them), the message and the spinner.
    var state: AppState { get set }
    /// The input line: the SQL editor a rejected statement goes back into.
    var prompt: PromptLine { get set }
    /// The tables opened so far, read again after a statement wrote.
    var tables: OpenTables { get set }
    /// Why the database is read-only when reef itself chose it (nil: it is not, or `--readonly`).
    var readOnlyReason: String? { get }
    /// Whether a transaction typed at the SQL prompt is open on the writer.
    var sessionTransactionOpen: Bool { get set }
    /// How many lines of the SQL editor are in sight at most.
    var editorRows: Int { get }
    /// The tables: their list is read again after a statement changed the schema.
    var tableBrowser: TableBrowser { get }
    /// The staged changes, their commit and the answers to their questions; and the user's
    /// editor (``Editing/externalEditor``), which edits the SQL prompt's text too.
    var editing: Editing { get }

    /// Says `message` in the status bar until the next key.
    func say(_ message: StatusMessage)

    /// Clears what the status bar says.
    func clearMessage()

    /// Waits for `work` in the background, with a spinner and its progress in the status bar.
    func run(_ work: PendingWork)

    /// Opens the input line for `kind`, with `text` already typed.
    func openPrompt(_ kind: PromptKind, text: String)
}
