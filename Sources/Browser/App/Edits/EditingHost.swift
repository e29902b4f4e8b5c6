import ORMCore

/// What ``Editing`` asks of the ``App`` it serves: the database and its catalog, the open grids,
/// the one status-bar sink, the prompt line and the screen stack its questions and lists open
/// on, and the work the screen waits for.
protocol EditingHost: AnyObject {
    /// The open database.
    var database: Database { get }
    /// The tables and views with their counts.
    var catalog: Catalog { get }
    /// The tables opened so far, with their grids.
    var tables: OpenTables { get }
    /// The screens (the pending list and the conflicts go on top) and the status-bar message.
    var state: AppState { get set }
    /// The work the screen waits for (a commit waits for no statement's rows still arriving).
    var pending: PendingState { get }
    /// Whether a transaction typed at the SQL prompt is open (a commit waits for it to end).
    var sessionTransactionOpen: Bool { get }
    /// The name of the table selected in the table list.
    var selectedTableName: String? { get }
    /// The cell the open cell editor changes (nil when none is open).
    var editedCell: EditTarget? { get set }
    /// The tables: the grid of a table changed, its selection, the list read again after a commit.
    var tableBrowser: TableBrowser { get }

    /// Says `message` in the status bar (the app's one sink).
    func say(_ message: StatusMessage)

    /// Shows `error` in the status bar, prefixed with what was being done.
    func report(_ error: any Error, doing action: String?)

    /// Opens the prompt `kind` with `text` already typed.
    func openPrompt(_ kind: PromptKind, text: String)

    /// Completes `work` now when it is quick, else leaves it pending with a spinner.
    func run(_ work: PendingWork)
}

extension EditingHost {
    /// Shows `error` in the status bar as it is.
    func report(_ error: any Error) {
        report(error, doing: nil)
    }

    /// Opens the prompt `kind` with nothing typed.
    func openPrompt(_ kind: PromptKind) {
        openPrompt(kind, text: "")
    }
}
