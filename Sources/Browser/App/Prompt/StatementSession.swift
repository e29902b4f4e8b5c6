import ORMCore

/// The statements typed at the SQL prompt (and the one the user's editor sent back): each runs
/// once, in the background, in the session's own transaction state; its rows open in a results
/// grid as they arrive, what it changed is said and the tables on screen read again, and a
/// statement the database rejected goes back into the SQL editor with the error marked. It
/// reaches the app's services (the database, the work waited for, the screen stack, the status
/// bar) through its ``host``.
final class StatementSession {
    /// The app's services the statements use.
    unowned let host: any StatementHost
    /// The database's text collation, asked once for all the session's statements.
    private let collations = ServerTextCollation.Known()

    /// The statements of the app `host`.
    init(host: any StatementHost) {
        self.host = host
    }

    /// Runs a statement (or a script of several) from the SQL prompt, once, in the session's own
    /// transaction state: rows it returns are stored in reef's own copy as they arrive and open
    /// in a grid reading that copy; other statements report the rows changed and refresh the
    /// tables on screen.
    ///
    /// It runs in the background: past a moment the status bar shows a spinner and the rows so far;
    /// once a batch of rows is stored they show in a grid while the rest arrive (sorting and
    /// filtering wait for the last). Esc (or Ctrl-C) stops the statement on the server, keeping
    /// the rows that arrived; so does running another statement, which needs the writer. An
    /// interrupted write is rolled back (a script in one transaction as a whole); a statement that
    /// had finished stays done.
    ///
    /// A statement the database rejects goes back into the SQL editor with the place of the
    /// error marked: the editor's whole text `buffer` (nil: `text` alone), `text` starting at
    /// its character `start`, into the editor's current buffer, which it came from.
    func run(_ text: String, editing buffer: String? = nil, at start: Int = 0) {
        let origin = StatementOrigin(buffer: buffer ?? text, start: start, bufferID: host.prompt.buffers.current.id)
        guard SQLScript.hasTokens(text) else {
            return
        }
        let runner = StatementRunner(database: host.database, collations: collations)
        host.pending.runningStatements.removeAll { $0.fill.isFinished }
        host.pending.runningStatements.append(runner)
        let background = BackgroundResult(wakeup: host.wakeup) {
            Handover(value: try runner.run(text))
        }
        let progress: () -> String? = {
            let rows = runner.progress.value
            return rows == 0 ? nil : "\(StatementRows.rows(rows)) so far"
        }
        host.pending.stoppedStatement = nil  // this statement's rows replace those of one stopped before
        // One still sending rows holds the writer this one needs: it stops, keeping what came.
        host.pending.fillingStatement?.stop()
        // A result bigger than a batch opens once its first batch is stored, the rest coming in
        // behind; a smaller one opens whole.
        let firstBatchStored = { runner.fill.stored >= ResultStoreWriter.batchSize }
        host.run(PendingWork(label: "running SQL", isReady: { background.result != nil || firstBatchStored() }, complete: { [unowned self] in
            guard let result = background.result else {
                showArriving(runner, background: background, of: text, origin: origin)
                return
            }
            show(result.map(\.value), of: text, origin: origin)
        }, cancel: { [unowned self] in
            runner.interruption.interrupt()
            // The rows that arrived are shown once the statement has stopped, without waiting for it.
            host.pending.stoppedStatement = PendingWork(label: "stopping the statement", isReady: { background.result != nil },
                                                   complete: { [unowned self] in
                background.result.map { show($0.map(\.value), of: text, origin: origin) }
            })
        }, progress: progress))
    }

    /// Opens the rows of a statement still running in a grid that shows them as they are stored
    /// (``FillingSource``), and has the next ticks put reef's whole copy in its place once the
    /// statement has ended (``BackgroundEvent/statementFilled(_:)``).
    private func showArriving(_ runner: StatementRunner, background: BackgroundResult<Handover<StatementOutcome>>, of text: String,
                              origin: StatementOrigin) {
        guard let store = runner.fill.store else {
            return
        }
        let grid = GridModel(source: FillingSource(store: store, fill: runner.fill, stop: runner.interruption.interrupt))
        grid.countsWithoutLimit = true  // the user's statement: Esc stops it, not a time limit
        showResults(grid)
        host.clearMessage()
        host.pending.fillingStatement = FillingStatement(grid: grid, progress: runner.progress, isReady: { background.result != nil },
                                                    complete: { [unowned self, weak grid] in
            background.result.map { show($0.map(\.value), of: text, origin: origin, arriving: grid) }
        }, stop: runner.interruption.interrupt)
    }

    /// Shows what a statement from the SQL prompt did (see ``run(_:editing:at:)``); a statement that
    /// failed is told with where in `text` the database found the error. Rows shown while they
    /// arrived (in `arriving`) are replaced by reef's whole copy of them, the cursor kept, or not
    /// shown at all when that grid was closed meanwhile. A failed statement goes back into the
    /// editor (`origin`).
    private func show(_ outcome: Result<StatementOutcome, any Error>, of text: String, origin: StatementOrigin,
                      arriving: GridModel? = nil) {
        defer { noteTransactionState() }
        do {
            switch try outcome.get() {
            case .rows(let rows):
                if rows.changedRows != nil {
                    try refreshAfterWrite(schemaMayChange: false)
                }
                if rows.wasStopped && rows.count == 0 {
                    host.say(.info("cancelled: running SQL (no row had arrived)"))
                    return
                }
                place(rows, arriving: arriving)
                if let summary = rows.summary {
                    host.say(.info(summary))
                } else {
                    host.clearMessage()
                }
            case .changed(let count, let timing):
                try refreshAfterWrite(schemaMayChange: false)
                host.say(.info((count == 1 ? "1 row changed" : "\(count) rows changed") + Self.took(timing)))
            case .done(let timing):
                try refreshAfterWrite(schemaMayChange: true)
                host.say(.info("statement executed" + Self.took(timing)))
            case .script(let run):
                try refreshAfterWrite(schemaMayChange: true)
                if let rows = run.rows {
                    place(rows, arriving: arriving)
                }
                host.say(.info(run.summary))
            }
        } catch {
            // The rows that arrived before the failure stay, read from reef's copy as a table.
            if let arriving, arriving.source.isFilling, let store = arriving.source.resultStore, let source = try? store.source() {
                arriving.replaceSource(source, cursorRow: arriving.cursorRow)
                markCutShort(arriving, "incomplete")
            }
            if let reason = host.readOnlyReason, case ORMError.readOnlyDatabase? = error as? ORMError {
                host.say(.error("SQL: read-only: " + reason))
                keepInEditor(origin, failure: EditorFailure(message: "read-only: " + reason))
            } else {
                host.say(.error("SQL: " + UserMessage.describe(error, in: text)))
                keepInEditor(origin, failure: editorFailure(error, in: text, origin: origin))
            }
        }
    }

    /// How long a statement without rows took, after what it did: ` (2.1 ms)`; nothing when not measured.
    private static func took(_ timing: StatementTiming?) -> String {
        timing.map { " (" + StatementTiming.describe($0.server) + ")" } ?? ""
    }

    /// Shows the rows in the grid that showed them as they arrived, when given (and nowhere
    /// when that grid was closed meanwhile), else in a new results grid.
    /// The results screen is told how long the statement took (``StatementTiming``).
    private func place(_ rows: StatementRows, arriving: GridModel?) {
        let grid: GridModel
        if let arriving {
            guard host.state.screens.contains(where: { $0.showsResults && $0.grid === arriving }) else {
                return
            }
            arriving.replaceSource(rows.source, cursorRow: arriving.cursorRow)
            grid = arriving
        } else {
            grid = GridModel(source: rows.source)
            showResults(grid)
        }
        for case let results as QueryResultsController in host.state.screens where results.gridShown === grid {
            results.timing = rows.timing
            results.cutShort = rows.wasStopped ? "stopped" : nil
        }
    }

    /// Marks the results shown in `grid` as cut short (the status bar keeps saying `mark`).
    private func markCutShort(_ grid: GridModel, _ mark: String) {
        for case let results as QueryResultsController in host.state.screens where results.gridShown === grid {
            results.cutShort = mark
        }
    }

    /// Opens a statement's results in `grid`, in place of the results shown before.
    private func showResults(_ grid: GridModel) {
        if host.state.top.showsResults {
            host.state.screens.removeLast()
        }
        host.state.screens.append(QueryResultsController(grid: grid, host: host))
    }

    /// Re-reads the table list and the open table grids after a statement that may have written.
    ///
    /// After a data change the open grids reload in place; after any other statement (which may
    /// have changed the schema) they are dropped and reopen with their new columns, the columns
    /// hidden before that are still there hidden again.
    private func refreshAfterWrite(schemaMayChange: Bool) throws {
        try host.tableBrowser.refreshCatalog(changed: nil)
        host.tables.unopened = [:]
        let names = Set(host.catalog.names.map(\.name))
        for (name, grid) in host.tables.grids {
            if !schemaMayChange && names.contains(name) && (try? grid.reload()) != nil {
                continue
            }
            host.tables.reopen(name)  // its hidden columns are hidden again, if still there
        }
    }

    /// Reads whether the statements typed at the prompt left a transaction open (after each one,
    /// failed or not: a failed `COMMIT` may end it, a failed statement on PostgreSQL leaves it
    /// open and aborted).
    func noteTransactionState() {
        host.sessionTransactionOpen = (try? host.database.hasOpenTransaction) ?? false
    }

    /// Removes the files of the statements' results still open (reef is ending); results closed
    /// before removed theirs as they went.
    func removeResultFiles() {
        // Statements still running (reef quits meanwhile) are stopped, their rows dropped.
        for runner in host.pending.runningStatements where !runner.fill.isFinished {
            runner.interruption.interrupt()
            runner.fill.store?.removeFiles()
        }
        for screen in host.state.screens where screen.showsResults {
            screen.grid?.source.resultStore?.removeFiles()
        }
    }

    /// Shows what `stopped`, a statement stopped with Esc, returned now that it has ended
    /// (``BackgroundEvent/statementStopped(_:)``), unless other work is waited for by then;
    /// returns whether it showed anything.
    func showStopped(_ stopped: PendingWork) -> Bool {
        guard host.pending.work == nil, host.prompt.current == nil else {
            return false
        }
        stopped.finish()
        return true
    }

    /// The status-bar text while a statement's rows arrive behind its grid.
    var fillingStatus: StatusMessage? {
        guard let filling = host.pending.fillingStatement else {
            return nil
        }
        return .working("running SQL: \(StatementRows.rows(filling.progress.value)) so far…  (Esc stops it)",
                        frame: host.state.spinnerFrame)
    }
}
