import FoundationEssentials
import ORMCore

/// The browser application: turns keys into changes of state and draws the state.
///
/// It knows nothing about terminals: the ``EventLoop`` (ncurses) and the ``HeadlessRunner`` (in
/// memory) feed it keys and ask it to render into a ``Frame``.
final class App {
    /// The open database.
    let database: Database
    /// The colours and attributes used.
    let theme: Theme
    /// The tables and views with their counts.
    let catalog: Catalog
    /// What is shown: the screens (the main screen, with the table list's selection, at the
    /// bottom), the message.
    var state = AppState()
    /// The input line: the open prompt, the prompts' history, the cell being edited.
    var prompt = PromptLine()
    /// What the input line does: its keys, what is submitted there, the statements typed at the
    /// SQL prompt, the one-key questions.
    lazy var prompts = PromptController(host: self)
    /// The columns and functions completion has read.
    let completionCache = CompletionCache()
    /// Turns keys into commands.
    var dispatcher = KeyDispatcher()
    /// The tables opened so far: their grids, and which are stale or could not be opened.
    var tables = OpenTables()
    /// The tables and their grids on the main screen: the table list's selection and narrowing,
    /// the grids opened as it moves, the counts.
    private(set) lazy var tableBrowser = TableBrowser(host: self)
    /// The screen size, updated by the loop before each key and frame (``resize(columns:rows:)``).
    var size = (columns: 80, rows: 24)
    /// The screen size the visible screen last prepared its frame for (none yet: 0 by 0).
    var preparedSize = (columns: 0, rows: 0)
    /// The work the screen waits for, and whether background work ran at the last tick.
    var pending = PendingState()
    /// Runs the work the screen waits for, queues the keys typed meanwhile and plays them after it.
    private(set) lazy var waits = WaitedWork(host: self)
    /// The exports to a file and the copies to the clipboard, running in the background.
    private(set) lazy var exports = Exports(host: self)
    /// The editing of tables' rows: the staged changes, their commit and revert, the user's editor.
    private(set) lazy var editing = Editing(host: self)
    /// Committed changes to pick up: the view refreshes itself when its table changes.
    let liveChanges: LiveChanges
    /// Wakes the loop's wait for a key when background work has something to show.
    let wakeup: Wakeup
    /// The watch of the PostgreSQL server's session (nil on SQLite): a lost primary is said
    /// within a second, and the view read again once a server takes writes.
    let serverWatch: ServerWatch?
    /// The shown table being read again after committed changes, and changes that came meanwhile.
    var live = LiveRefreshState()
    /// When background counts give up.
    let countLimits: CountLimits
    /// Whether a transaction typed at the SQL prompt (`BEGIN`) is open on the writer: the status
    /// bar says so, `w` waits for it to end, and quitting asks whether to commit or roll back.
    var sessionTransactionOpen = false
    /// Why the database is read-only when reef itself chose it, said instead of `--readonly` when
    /// an edit or a statement is refused (data files imported without `--save`).
    var readOnlyReason: String?
    /// Where this database stands among those open in the session, when there are several (set
    /// by ``OpenDatabases``; nil with one): a row above the screens says it, `q` on the main
    /// screen closes this database, and the questions before quitting name it.
    var databaseTab: DatabaseTab?
    /// The CSV/JSON files joined (`J`): reef's temporary copies of them, attached to the database's
    /// connections, removed when the app goes.
    var joinedFiles: [ImportSession] = []

    /// A table or view asked for by name that the database does not have.
    struct UnknownTable: Error, Equatable, CustomStringConvertible {
        /// The name asked for.
        var name: String

        var description: String {
            "no table or view named \(Sanitizer.sanitize(name))"
        }
    }

    /// A table or view asked for by its qualified name (`audit.log`) that is in another schema
    /// than the one browsed (PostgreSQL): the caller opens the database again on that schema.
    struct TableInOtherSchema: Error, Equatable {
        /// The schema to browse, and the table to show there.
        var switched: SchemaSwitch
    }

    /// Creates the application and opens `initialTable` (or the first table). The name is
    /// matched exactly, else ignoring case (as SQLite matches names). `countLimits` say when
    /// background counts give up. `wakeup` is the loop's, shared by the apps of one session.
    ///
    /// - Throws: the database's error when the schema cannot be read; ``TableInOtherSchema`` when
    ///   `initialTable` is another schema's table qualified (`audit.log`); ``UnknownTable`` when
    ///   there is no `initialTable`.
    init(database: Database, theme: Theme, initialTable: String? = nil, countLimits: CountLimits = .standard,
         wakeup: Wakeup = Wakeup()) throws {
        self.database = database
        self.theme = theme
        self.countLimits = countLimits
        catalog = try Catalog(database: database, limits: countLimits, gridCounted: initialTable)
        self.wakeup = wakeup
        liveChanges = LiveChanges(database: database, wakeup: wakeup)
        serverWatch = ServerWatch(database: database, wakeup: wakeup)
        if let node = database.serverNode, node.isStandby, !database.configuration.readOnly {
            say(.info("a standby takes no writes: browsing read-only"))
        }
        if let initialTable {
            let names = catalog.names.map(\.name)
            guard let index = names.firstIndex(of: initialTable)
                    ?? names.firstIndex(where: { $0.equalsIgnoringCase(initialTable) })
            else {
                if let object = catalog.elsewhere(qualifiedName: initialTable) {
                    throw TableInOtherSchema(switched: SchemaSwitch(schema: object.schema, table: object.name))
                }
                throw UnknownTable(name: initialTable)
            }
            state.main.selectedTable = index
            state.main.focus = .grid
        }
        state.main.host = self
    }

    /// Removes the temporary copies of the files joined.
    deinit {
        for file in joinedFiles {
            file.removeTemporaryFiles()
        }
    }
}
