import ORMCore

/// What ``TableBrowser`` asks of the ``App`` it serves: the database and its catalog, the open
/// grids and the staged changes drawn over them, the screen stack and the screen's size, the one
/// status-bar sink, the prompt line, and the work the screen waits for.
protocol TableBrowserHost: AnyObject {
    /// The open database.
    var database: Database { get }
    /// The tables and views with their counts.
    var catalog: Catalog { get }
    /// The tables opened so far: their grids, and which are stale or could not be opened.
    var tables: OpenTables { get set }
    /// The screens (the main screen, with the table list's selection, at the bottom), the message.
    var state: AppState { get set }
    /// The work the screen waits for (a table opens in the background as such work).
    var pending: PendingState { get }
    /// When background counts give up.
    var countLimits: CountLimits { get }
    /// The screen size: the table list's height follows it.
    var size: (columns: Int, rows: Int) { get }
    /// Where the visible screen's parts are drawn.
    var screenLayout: Layout { get }
    /// Where this database stands among those open, when there are several (nil with one): `q`
    /// then closes it rather than quitting reef.
    var databaseTab: DatabaseTab? { get }
    /// The grid of the visible screen, if it shows one (its count is the one waited for).
    var currentGrid: GridModel? { get }
    /// The name of the table selected in the table list.
    var selectedTableName: String? { get }
    /// The staged changes each table's grid draws over its rows.
    var editing: Editing { get }
    /// The columns and functions completion has read, forgotten when the catalog is read again.
    var completionCache: CompletionCache { get }
    /// The prompt line's controller: `q` quits through it (asking first when changes are pending).
    var prompts: PromptController { get }
    /// The work waited for: `q` shows the table's view cleared through it, read in the background.
    var waits: WaitedWork { get }

    /// Says `message` in the status bar (the app's one sink).
    func say(_ message: StatusMessage)

    /// Opens the prompt `kind` with `text` already typed.
    func openPrompt(_ kind: PromptKind, text: String)

    /// Completes `work` now when it is quick, else leaves it pending with a spinner.
    func run(_ work: PendingWork)

    /// Does what `controller`'s reply asks (draws, says, closes the screen…).
    func carryOut(_ reply: ScreenReply, of controller: any ScreenController) -> Outcome
}
