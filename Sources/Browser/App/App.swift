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
    /// What is shown: the screens, the table list's selection, the message.
    var state = AppState()
    /// The input line: the open prompt, the prompts' history, the cell being edited.
    var prompt = PromptLine()
    /// The columns and functions completion has read.
    let completionCache = CompletionCache()
    /// Turns keys into commands.
    var dispatcher = KeyDispatcher()
    /// The tables opened so far: their grids, and which are stale or could not be opened.
    var tables = OpenTables()
    /// The screen size, updated by the loop before each key and frame (``resize(columns:rows:)``).
    var size = (columns: 80, rows: 24)
    /// What the next frame shows, read and laid out after the last key or tick.
    var preparedFrame = PreparedFrame()
    /// The work the screen waits for, and whether background work ran at the last tick.
    var pending = PendingState()
    /// The export running in the background, if any.
    var export: ExportTask?
    /// The copy of a view or a column (`gY`, `gy`) running in the background, if any.
    var clipboardCopy: ClipboardCopyTask?
    /// The changes staged on each table until committed or reverted; each table's grid draws its
    /// own over its rows.
    var staging = StagingState() {
        didSet {
            for (name, grid) in tables.grids {
                grid.overlay.edits = staging.edits(of: name)
            }
        }
    }
    /// The user's text editor (`$VISUAL`, `$EDITOR`) for long values.
    var externalEditor = ExternalEditor(environment: ProcessInfo.processInfo.environment)
    /// Committed changes to pick up: the view refreshes itself when its table changes.
    let liveChanges: LiveChanges
    /// Wakes the loop's wait for a key when background work has something to show.
    let wakeup: Wakeup
    /// What the record view read and laid out last.
    var recordCache = RecordCache()
    /// The shown table being read again after committed changes, and changes that came meanwhile.
    var live = LiveRefreshState()
    /// When background counts give up.
    let countLimits: CountLimits
    /// The schema the user chose to browse instead (`gs`, or Enter on another schema's table in
    /// the list): the runner ends this app and opens the database again on it.
    var reopening: SchemaSwitch?
    /// Whether a transaction typed at the SQL prompt (`BEGIN`) is open on the writer: the status
    /// bar says so, `w` waits for it to end, and quitting asks whether to commit or roll back.
    var sessionTransactionOpen = false
    /// The keys that waited for background work behind the one that switched schemas
    /// (``reopening``): the next app plays them (``stepsForNextApp(_:)``).
    var keysForNextApp: [Key] = []

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
    /// background counts give up.
    ///
    /// - Throws: the database's error when the schema cannot be read; ``TableInOtherSchema`` when
    ///   `initialTable` is another schema's table qualified (`audit.log`); ``UnknownTable`` when
    ///   there is no `initialTable`.
    init(database: Database, theme: Theme, initialTable: String? = nil, countLimits: CountLimits = .standard) throws {
        self.database = database
        self.theme = theme
        self.countLimits = countLimits
        catalog = try Catalog(database: database, limits: countLimits, gridCounted: initialTable)
        let wakeup = Wakeup()
        self.wakeup = wakeup
        liveChanges = LiveChanges(database: database, wakeup: wakeup)
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
            state.selectedTable = index
            state.focus = .grid
        }
    }

    // MARK: - Keys

    /// Handles one key: changes the state, and returns what is left for the runner to do (draw,
    /// copy, run the editor, quit…). When the key leaves work running in the background, the
    /// outcome says so (``Effect/runInBackground(label:)``). The next frame is prepared here
    /// (``prepareFrame()``), so drawing it only reads.
    func handle(_ key: Key) -> Outcome {
        let waiting = pending.work
        var outcome = react(to: key)
        if let text = pending.copy {
            pending.copy = nil
            outcome.add(.copy(text))
        }
        prepareFrame()
        if let work = pending.work, work !== waiting {
            outcome.add(.runInBackground(label: work.label))
        }
        // Work the key started is drawn with a spinner: the tick that sees it done draws once more.
        if hasBackgroundWork {
            pending.noteBusy()
        }
        return outcome
    }

    /// Handles one key (see ``handle(_:)``).
    private func react(to key: Key) -> Outcome {
        if case .resize = key {
            return .redraw
        }
        if key == .control("c") {
            return interrupt()
        }
        if let work = pending.work {
            return handleKeyWhilePending(key, work: work)
        }
        state.message = nil
        if prompt.current != nil {
            return handlePromptKey(key)
        }
        if case .mouse(let event) = key {
            return handleMouse(event)
        }
        switch dispatcher.feed(key) {
        case .command(let command):
            return perform(command)
        case .pending:
            let typed = dispatcher.pending.map(\.description).joined()
            state.message = .info("\(typed)… (Esc cancels)")
            return .redraw
        case .cancelled:
            return .redraw
        case .unbound:
            return notAKeyHere()
        }
    }

    /// Says that the keys just typed do nothing on this screen (nothing else happens), with a
    /// hint of where to look: `s is not a key here; ? for help`.
    func notAKeyHere() -> Outcome {
        let hint = if case .help = state.top { "q closes the help" } else { "? for help" }
        state.message = .info("\(dispatcher.lastSequenceText) is not a key here; \(hint)")
        return .redraw
    }

    /// Runs `command` on the visible screen.
    func perform(_ command: Command) -> Outcome {
        switch command {
        case .quit:
            return quitOrAsk()
        case .help:
            if case .help = state.top {
                state.screens.removeLast()  // ? again closes it
                return .redraw
            }
            state.screens.append(.help(HelpView()))
            return .redraw
        case .redraw:
            return Outcome.redraw.with(.repaint)
        case .sql:
            openPrompt(.sql)
            return .redraw
        case .commitEdits, .revertEdits, .showPending:
            return performOnStagedChanges(command)
        case .switchSchema:
            askForSchema()
            return .redraw
        case .cancel where stopClipboardCopy():
            return .redraw
        default:
            break
        }
        switch state.top {
        case .main:
            return performOnMain(command)
        case .results(let grid):
            if let origin = grid.summary {
                return performOnSummary(command, grid: grid, origin: origin)
            }
            switch command {
            case .cancel where grid.source is FillingSource && grid.source.isCounting:
                grid.source.stopCounting("stopped")  // the statement stops; the rows that came stay
                state.message = .info("cancelled: running SQL")
                return .redraw
            case .back, .cancel:
                if grid.source is FillingSource {
                    grid.source.stopCounting("closed")  // closed before its last row: it stops
                }
                state.screens.removeLast()
                return .redraw
            case .open:
                guard let origin = grid.frequency else {
                    return performOnGrid(command, grid: grid, isTable: false)
                }
                do {
                    try filterToFrequencyValue(in: grid, origin: origin)
                } catch {
                    report(error, doing: "filter")
                }
                return .redraw
            case .switchFocus:
                return notAKeyHere()
            default:
                return performOnGrid(command, grid: grid, isTable: false)
            }
        case .record(let record):
            return performOnRecord(command, record: record)
        case .schema(let screen):
            return performOnText(command, screen: screen)
        case .help(let help):
            return performOnHelp(command, help: help)
        }
    }

    // MARK: - Background work

    /// Whether counts, an export or pending work are still running (the spinner turns).
    var hasBackgroundWork: Bool {
        catalog.isCounting || (currentGrid?.source.isCounting ?? false) || (export?.isRunning ?? false)
            || pending.stoppedStatement != nil || pending.fillingStatement != nil
            || pending.work != nil || live.running != nil || clipboardCopy != nil
    }

    /// Whether background work has finished and waits for a ``tick()`` to be shown.
    var hasWorkToCollect: Bool {
        (pending.work?.ready ?? false) || live.running?.fresh.result != nil || live.running?.onScreen?.result != nil
            || clipboardCopy?.outcome != nil || (pending.stoppedStatement?.ready ?? false)
            || (pending.fillingStatement?.ready ?? false)
    }

    /// Completes pending work that is ready, advances the spinner and refreshes the view after
    /// committed changes; returns what the runner is to do: draw when anything changed, and the
    /// effects of the keys that waited for pending work, which are played here (a copy, a quit…).
    func tick() -> Outcome {
        stopCountsNobodyWaitsFor()
        shareGridCounts()
        let played = completePendingWork()
        let stopped = showStoppedStatement() || showFilledStatement()
        let checked = checkUncheckedChanges()
        let refreshed = refreshAfterChanges() || played != nil || checked
        let finished = collectFinishedExport() || collectFinishedClipboardCopy() || refreshed || stopped
        let busy = hasBackgroundWork
        if busy {
            state.spinnerFrame += 1
        }
        var outcome = played ?? .handled
        if let text = pending.copy {
            pending.copy = nil
            outcome.add(.copy(text))
        }
        if pending.tick(busy: busy) || finished {
            outcome.add(.redraw)
            prepareFrame()
        }
        return outcome
    }

    /// Reloads the shown table when committed changes touched it (keeping the cursor on its row by
    /// key) and the table list's counts, and says in the status bar what changed.
    ///
    /// A table is read again in the background, key snapshot included, and shown once ready: the
    /// old rows stay on screen meanwhile and keys keep working.
    private func refreshAfterChanges() -> Bool {
        let adopted = adoptRefreshedTable()
        guard let taken = liveChanges.take() else { return adopted }
        // A big table named only as part of "every table" is left for the change that names it
        // (its statistics, 1 to 10 s later): counting it and reading it again each second while
        // another session commits elsewhere in the database would load the server for nothing.
        let changes = taken.leaving(taken.unconfirmed.filter(isCostlyToReadAgain))
        guard !changes.tables.isEmpty else { return adopted }
        recheckNewRows()
        let shownBefore = selectedTableName
        let namesBefore = Set(catalog.names.map(\.name))
        // This session's changes name tables only: the views reading them are counted again too.
        let views = changes.own ? catalog.names.filter { $0.kind == .view }.map(\.name) : []
        try? refreshCatalog(changed: changes.tables.union(views))
        if let shownBefore, !catalog.names.contains(where: { $0.name == shownBefore }) {
            // The table on screen is gone: say so, rather than announce the table now in its place.
            tableGone(shownBefore, renamedTo: Set(catalog.names.map(\.name)).subtracting(namesBefore), by: changes)
            return true
        }
        // Grids of other tables catch up when they are shown again.
        let shown = selectedTableName
        for (name, grid) in tables.grids where name != shown && Self.isAffected(grid, by: changes) {
            tables.stale.insert(name)
        }
        guard let grid = selectedTableGrid, Self.isAffected(grid, by: changes) else { return true }
        guard let table = grid.source as? TableSource else {
            do {
                try grid.reload()
            } catch {
                state.message = .error("refresh failed: \(UserMessage.describe(error))")
                return true
            }
            announce(changes, in: grid.source.title)
            return true
        }
        if let running = live.running, running.grid === grid {
            // One refresh of the whole table at a time: a writer committing faster than a big
            // table reads again gets one more refresh once this one is shown, not a pile of them.
            // The rows on screen are read again at once all the same.
            live.deferChanges(changes)
            live.running?.onScreen = readOnScreen(of: grid, table: table)
            return true
        }
        startRefresh(of: grid, table: table, changes: changes)
        return adoptRefreshedTable() || true
    }

    /// Whether reading table `name` again (counting it, reading the open grid's table whole) costs
    /// at least ``CountLimits/unconfirmedRows`` rows, or an unknown number: by the table list's
    /// count, else an unfiltered grid's.
    private func isCostlyToReadAgain(_ name: String) -> Bool {
        // The table's rows, not a filtered grid's: reading a filter again reads the table.
        if case .done(let count) = catalog.count(of: name) {
            return count >= countLimits.unconfirmedRows
        }
        if let grid = tables.grids[name], grid.source.filter == nil, let count = grid.source.knownCount {
            return count >= countLimits.unconfirmedRows
        }
        return true
    }

    /// The table on screen, `name`, was dropped (or renamed, when the only name new to the list is
    /// one of `renamedTo`): its grid and the record views over it close, the table now selected in
    /// its place is shown, and the status bar says what happened. A renamed table is followed.
    private func tableGone(_ name: String, renamedTo newNames: Set<String>, by changes: LiveChanges.Summary) {
        let who = changes.external ? "another process" : "this session"
        if let grid = tables.close(name) {
            state.screens.removeAll { screen in
                if case .record(let record) = screen { return record.grid === grid }
                return false
            }
            if live.running?.grid === grid {
                live.stop()
            }
        }
        if newNames.count == 1, let renamed = newNames.first,
           let index = catalog.names.firstIndex(where: { $0.name == renamed }) {
            selectTable(index)
            state.message = .error("\(Sanitizer.sanitize(name)) was renamed to \(Sanitizer.sanitize(renamed)) by \(who)")
        } else {
            state.message = .error("\(Sanitizer.sanitize(name)) was dropped by \(who)")
        }
    }

    /// Starts reading `table` again in the background for `grid`: the rows on screen first, by
    /// key, then the whole table with its key snapshot.
    private func startRefresh(of grid: GridModel, table: TableSource, changes: LiveChanges.Summary) {
        let fresh = BackgroundResult(wakeup: wakeup) { () throws -> TableSource in
            let source = try table.refreshed()
            _ = try source.count()
            return source
        }
        live.running = LiveRefresh(grid: grid, base: table, changes: changes,
                                  onScreen: readOnScreen(of: grid, table: table), fresh: fresh)
    }

    /// The rows on screen in `grid`, read again by key in the background (nil when they have no key).
    private func readOnScreen(of grid: GridModel, table: TableSource) -> BackgroundResult<[RowKey: SourceRow]>? {
        let keys = grid.keysOnScreen()
        guard !keys.isEmpty else {
            return nil
        }
        return BackgroundResult(wakeup: wakeup) { try table.rows(withKeys: keys) }
    }

    /// Whether `changes` touch what `grid` shows: its table, or, for a view, a table it may read
    /// (another process's changes name the views themselves; this process's name only tables).
    private static func isAffected(_ grid: GridModel, by changes: LiveChanges.Summary) -> Bool {
        let source = grid.source
        if changes.tables.contains(source.title) {
            return true
        }
        return changes.own && (source as? TableSource)?.table.info.kind == .view
    }

    /// Shows the rows on screen read again, then the table read again in the background, as each
    /// is ready; returns whether it showed anything.
    private func adoptRefreshedTable() -> Bool {
        let shownOnScreen = showRowsReadAgain()
        guard let refresh = live.running, let result = refresh.fresh.result else { return shownOnScreen }
        live.running = nil
        // Changes that came meanwhile get one more refresh, from whatever the grid shows now.
        defer {
            if live.deferred != nil, let current = refresh.grid.source as? TableSource, let deferred = live.takeDeferred() {
                startRefresh(of: refresh.grid, table: current, changes: deferred)
            }
        }
        guard refresh.grid.source === refresh.base else {
            return false  // sorted, filtered or reloaded meanwhile: already fresh
        }
        do {
            // Rows read again by key after this refresh started are newer than it: kept until the
            // next one is shown.
            try refresh.grid.adopt(try result.get(), keepingFreshRows: live.deferred != nil)
        } catch {
            state.message = .error("refresh failed: \(UserMessage.describe(error))")
            return true
        }
        announce(refresh.changes, in: refresh.grid.source.title)
        return true
    }

    /// Shows the rows on screen read again by key, once they are in; returns whether it did.
    private func showRowsReadAgain() -> Bool {
        guard let refresh = live.running, let result = refresh.onScreen?.result else {
            return false
        }
        live.running?.onScreen = nil
        guard refresh.grid.source === refresh.base, let rows = try? result.get() else {
            return false  // sorted or reloaded meanwhile, or the read failed: the whole refresh says
        }
        refresh.grid.showFresh(rows)
        announce(refresh.changes, in: refresh.grid.source.title)
        return true
    }

    /// Says in the status bar what changed, over nothing or an older notice of the same kind: a
    /// message the user's last key produced (a commit's result, an error, a copy) stays until the
    /// next key, as every message does, however late the refresh comes. The rows counted are this
    /// session's own (another process's commits are known by table only).
    private func announce(_ changes: LiveChanges.Summary, in table: String) {
        guard state.message == nil || state.message?.isLive == true else { return }
        let who = switch (changes.own, changes.external) {
        case (true, true): "this session and another process"
        case (false, _): "another process"
        case (true, false): "this session"
        }
        let rows = changes.external ? 0 : changes.rows
        let what = rows > 0 ? "\(rows) row\(rows == 1 ? "" : "s") changed" : "changed"
        state.message = .live("\(table) \(what) by \(who): refreshed")
    }

    // MARK: - Grids

    /// The grid the visible screen is about: query results, the record's grid, or the selected table's.
    var currentGrid: GridModel? {
        stackedGrid ?? selectedTableGrid
    }

    /// The grid the visible screen is about, as ``currentGrid`` but only when it is open: looking
    /// it up neither opens nor reloads a table (what drawing reads).
    var visibleGrid: GridModel? {
        stackedGrid ?? visibleTableGrid
    }

    /// The grid of the topmost results or record screen, nil when only the main screen's grid is left.
    private var stackedGrid: GridModel? {
        for screen in state.screens.reversed() {
            switch screen {
            case .results(let grid):
                return grid
            case .record(let record):
                return record.grid
            default:
                continue
            }
        }
        return nil
    }

    /// The grid of the selected table when it is open (nothing is opened to find it).
    var visibleTableGrid: GridModel? {
        selectedTableName.flatMap { tables.grids[$0] }
    }

    /// The name of the selected table, if there is one.
    var selectedTableName: String? {
        let names = catalog.names
        return names.indices.contains(state.selectedTable) ? names[state.selectedTable].name : nil
    }

    /// The grid of the selected table, opened on first use (in the background: see
    /// ``shownGrid(named:)``).
    var selectedTableGrid: GridModel? {
        guard let name = selectedTableName else {
            return nil
        }
        return shownGrid(named: name)
    }

    /// The grid of table `name` (a name from the catalog), opened on first use.
    func tableGrid(named name: String) -> GridModel? {
        if let grid = tables.grids[name] {
            if tables.takeStale(name) {
                do {
                    try grid.reload()
                } catch {
                    state.message = .error("\(name): refresh failed: \(UserMessage.describe(error))")
                }
            }
            return grid
        }
        do {
            let table: DynamicTable
            do {
                table = try database.table(name)
            } catch ORMError.unknownName {
                return nil
            }
            return installGrid(try TableSource(table: table), named: name)
        } catch {
            state.message = .error("\(name): \(UserMessage.describe(error))")
            return nil
        }
    }

    /// Shows `error` in the status bar, prefixed with what was being done.
    func report(_ error: any Error, doing action: String? = nil) {
        let text = UserMessage.describe(error)
        state.message = .error(action.map { "\($0): \(text)" } ?? text)
    }
}
