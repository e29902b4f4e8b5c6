import ORMCore

/// What the prompt line (``PromptController``) asks of the ``App`` it sits in, beyond what its
/// statements ask (``StatementHost``): what completion reads, the grid and the screen a
/// submitted line acts on, the table list's narrowing, the export and the staged changes the
/// one-key questions answer for, and the user's editor.
protocol PromptHost: StatementHost {
    /// The columns and functions completion has read.
    var completionCache: CompletionCache { get }
    /// The grid of the visible screen, if it shows one.
    var currentGrid: GridModel? { get }
    /// Where the visible screen's parts are drawn.
    var screenLayout: Layout { get }
    /// Whether the screen on top is a text page (the help, the named queries) that `/` searches.
    var isTextScreenOnTop: Bool { get }
    /// The export running in the background, if any.
    var export: ExportTask? { get }
    /// The changes staged on each table until committed or reverted.
    var staging: StagingState { get set }
    /// How many changes are staged, over all tables.
    var pendingEditCount: Int { get }

    /// Shows `error` in the status bar, prefixed with what was being done.
    func report(_ error: any Error, doing action: String?)

    /// Does what `controller`'s reply asks (draws, says, closes the screen…).
    func carryOut(_ reply: ScreenReply, of controller: any ScreenController) -> Outcome

    /// Stops `work`, waited for, as Esc does.
    func cancel(_ work: PendingWork) -> Outcome

    /// The commands of `grid`, which a submitted filter, search or jump runs.
    func gridCommands(on grid: GridModel) -> GridCommands

    /// Runs a text screen's search for `text` (nil: the last one), forward or back.
    func searchTextScreen(for text: String?, forward: Bool, again: Bool)

    // MARK: - The table list's narrowing

    /// Moves the table selection while the narrowing line is open; nil when `key` is not a move.
    func moveWhileNarrowing(_ key: Key) -> Outcome?

    /// Narrows the table list to the names matching `text`, as it is typed.
    func narrowTables(to text: String)

    /// Enter on the narrowing line: keeps the list narrowed to `text`.
    func acceptTableNarrowing(_ text: String) -> Outcome

    /// Lists every table again; returns whether the list was narrowed.
    @discardableResult
    func clearTableNarrowing() -> Bool

    // MARK: - Exports, edits and the editor

    /// Exports the visible view to `path` (`replacing` an existing file).
    func startExport(to path: String, replacing: Bool)

    /// The answer to whether to replace the file at `path` with the export.
    func answerOverwrite(_ key: Key, path: String)

    /// Stages the cell edit typed at the prompt.
    func submitCellEdit(_ text: String)

    /// The answer to whether to delete `rows` of table `name`.
    func answerDelete(_ key: Key, table name: String, rows: [RowRef])

    /// The answer to whether to revert the staged changes.
    func answerRevert(_ key: Key)

    /// Commits the staged changes, conflicts resolved by `policy`; returns whether it committed.
    func commitEdits(policy: ConflictPolicy, thenQuit: Bool) -> Bool

    /// Closes the pending changes screen when it is on top (its changes were written or dropped).
    func closePendingScreen()

    /// Opens the SQL editor's `text` in the user's editor.
    func openExternalEditor(onSQL text: String) -> Outcome
}
