import ORMCore

extension App {
    /// Opens the input line for `kind`, with `text` already typed.
    func openPrompt(_ kind: PromptKind, text: String = "") {
        prompt.open(kind, text: text)
    }

    /// After a key that opens a prompt (or the editor) was refused, with the reason in the status
    /// bar: opens a prompt that says why and takes the text typed after the key, so that text
    /// runs no commands (the `w` of it would commit); Enter or Esc closes it. Nothing is held when
    /// the key's `outcome` so far runs the user's editor.
    func holdTextAfterRefusal(unless outcome: Outcome = .handled) {
        guard prompt.current == nil, outcome.externalEdit == nil, let reason = state.message, reason.isError else {
            return
        }
        openPrompt(.refused(reason: reason.text))
    }

    /// Sends a key to the open prompt and acts on Enter or Escape.
    func handlePromptKey(_ key: Key) -> Outcome {
        guard var line = prompt.current else {
            return .handled
        }
        if key == .control("l") {
            return Outcome.redraw.with(.repaint)
        }
        if line.kind.isChoice {
            return choose(key, for: line.kind)
        }
        if line.kind == .narrowTables, let outcome = moveWhileNarrowing(key) {
            return outcome
        }
        let event = line.handle(key) { completionSchema }
        prompt.current = line
        switch event {
        case .edited:
            if line.kind == .narrowTables {
                narrowTables(to: line.text)  // as it is typed
            }
            return .redraw
        case .cancelled:
            prompt.close()
            if line.kind == .narrowTables {
                clearTableNarrowing()
            }
            return .redraw
        case .submitted(let text):
            prompt.current = nil
            let problem = prompt.remember(text, for: line.kind)
            submit(text, kind: line.kind)
            if let problem {
                state.message = .error(problem)
            }
            return reopening == nil ? .redraw : .quit
        case .openEditor(let text):
            return openExternalEditor(onSQL: text)
        }
    }

    /// What `Tab` completes from: the table list, the columns read so far (or read once now), the
    /// connection's functions, and for a filter the grid filtered.
    var completionSchema: CompletionSchema {
        let grid = currentGrid
        return CompletionSchema(
            tables: catalog.names.map { ($0.name, $0.kind == .view) },
            functions: completionCache.functions(in: database),
            currentTable: grid.map { ($0.source as? TableSource)?.table.info.name ?? $0.source.title },
            currentColumns: grid?.source.columns.map(\.name) ?? [],
            columns: { [database, completionCache, grids = tables.grids] table in
                // An open table's grid has its columns; another is read once.
                grids[table].map { $0.source.columns.map(\.name) } ?? completionCache.columns(of: table, in: database)
            })
    }

    /// Acts on a submitted prompt.
    func submit(_ text: String, kind: PromptKind) {
        if kind == .sql {
            runStatement(text)
            return
        }
        if kind == .export {
            startExport(to: text)
            return
        }
        if kind == .narrowTables {
            acceptTableNarrowing(text)
            return
        }
        if case .refused(let reason) = kind {
            state.message = .error(reason)
            return
        }
        if case .switchSchema(let choices) = kind {
            chooseSchema(text, among: choices)
            return
        }
        if case .editCell = kind {
            submitCellEdit(text)
            return
        }
        if kind == .search, isTextScreenOnTop {
            if !text.isEmpty {
                searchTextScreen(for: text, forward: true, again: false)
            }
            return
        }
        guard let grid = currentGrid else {
            state.message = .error("no table open")
            return
        }
        do {
            switch kind {
            case .filter:
                let source = grid.source
                let label = "filtering \(Sanitizer.sanitize(source.title))"
                // Clearing the filter keeps the cursor on its row; a new filter starts at its first row.
                let clearing = text.trimmedWhitespace.isEmpty
                changeView(of: grid, sort: source.sort, filter: text, label: label,
                           keepingRow: clearing) { [unowned self] filtered in
                    state.message = .info(filtered.filter.map { "filter: \($0)" } ?? "filter cleared")
                }
            case .search:
                guard !text.isEmpty else {
                    return
                }
                grid.searchText = text
                counted(grid) { try self.findMatch(in: grid, forward: true) }
            case .gridSearch(let regex, let column):
                try searchGrid(grid, for: text, regex: regex, column: column)
            case .copyAs(let column):
                copyView(of: grid, format: text, column: column)
            case .goToColumn:
                try goToColumn(in: grid, named: text)
            case .goToRow:
                guard let number = Int(text.filter { $0 != "," && $0 != " " }), number >= 1 else {
                    state.message = .error("not a row number: \(text)")
                    return
                }
                try move(grid, toRow: number - 1)
            case .narrowTables, .sql, .export, .editCell, .resolveConflicts, .quitWithChanges, .quitWithTransaction, .confirmDelete, .confirmRevert,
                 .confirmOverwrite, .refused, .switchSchema:
                break
            }
        } catch {
            report(error, doing: kind == .filter ? "filter" : nil)
        }
    }

    /// Runs a statement (or a script of several) from the SQL prompt, once, in the session's own
    /// transaction state: rows it returns are stored in reef's own copy as they arrive and open
    /// in a grid reading that copy; other statements report the rows changed and refresh the
    /// tables on screen.
    ///
    /// It runs in the background: past a moment the status bar shows a spinner and the rows so far,
    /// and Esc (or Ctrl-C) stops the statement on the server, keeping the rows that arrived. An
    /// interrupted write is rolled back (a script in one transaction as a whole); a statement that
    /// had finished stays done.
    func runStatement(_ text: String) {
        guard SQLScript.hasTokens(text) else {
            return
        }
        let runner = StatementRunner(database: database)
        let background = BackgroundResult(wakeup: wakeup) {
            Handover(value: try runner.run(text))
        }
        let shown: () -> Void = { [unowned self] in
            guard let result = background.result else {
                return
            }
            show(result.map(\.value), of: text)
        }
        let progress: () -> String? = {
            let rows = runner.progress.value
            return rows == 0 ? nil : "\(StatementRows.rows(rows)) so far"
        }
        pending.stoppedStatement = nil  // this statement's rows replace those of one stopped before
        run(PendingWork(label: "running SQL", isReady: { background.result != nil }, complete: shown, cancel: { [unowned self] in
            runner.interruption.interrupt()
            // The rows that arrived are shown once the statement has stopped, without waiting for it.
            pending.stoppedStatement = PendingWork(label: "stopping the statement", isReady: { background.result != nil },
                                                   complete: shown)
        }, progress: progress))
    }

    /// Shows what a statement from the SQL prompt did (see ``runStatement(_:)``); a statement that
    /// failed is told with where in `text` the database found the error.
    private func show(_ outcome: Result<StatementOutcome, any Error>, of text: String) {
        defer { noteTransactionState() }
        do {
            switch try outcome.get() {
            case .rows(let rows):
                if rows.changedRows != nil {
                    try refreshAfterWrite(schemaMayChange: false)
                }
                if rows.wasStopped && rows.count == 0 {
                    state.message = .info("cancelled: running SQL (no row had arrived)")
                    return
                }
                showResults(rows.source)
                state.message = rows.summary.map(StatusMessage.info)
            case .changed(let count):
                try refreshAfterWrite(schemaMayChange: false)
                state.message = .info(count == 1 ? "1 row changed" : "\(count) rows changed")
            case .done:
                try refreshAfterWrite(schemaMayChange: true)
                state.message = .info("statement executed")
            case .script(let run):
                try refreshAfterWrite(schemaMayChange: true)
                if let rows = run.rows {
                    showResults(rows.source)
                }
                state.message = .info(run.summary)
            }
        } catch {
            state.message = .error("SQL: " + UserMessage.describe(error, in: text))
        }
    }

    /// Opens a statement's results in a grid, in place of the results shown before.
    private func showResults(_ source: RowSource) {
        if case .results = state.top {
            state.screens.removeLast()
        }
        state.screens.append(.results(GridModel(source: source)))
    }

    /// Re-reads the table list and the open table grids after a statement that may have written.
    ///
    /// After a data change the open grids reload in place; after any other statement (which may
    /// have changed the schema) they are dropped and reopen with their new columns, the columns
    /// hidden before that are still there hidden again.
    private func refreshAfterWrite(schemaMayChange: Bool) throws {
        try refreshCatalog()
        tables.unopened = [:]
        let names = Set(catalog.names.map(\.name))
        for (name, grid) in tables.grids {
            if !schemaMayChange && names.contains(name) && (try? grid.reload()) != nil {
                continue
            }
            tables.reopen(name)  // its hidden columns are hidden again, if still there
        }
    }
}

extension App {
    /// Reads whether the statements typed at the prompt left a transaction open (after each one,
    /// failed or not: a failed `COMMIT` may end it, a failed statement on PostgreSQL leaves it
    /// open and aborted).
    func noteTransactionState() {
        sessionTransactionOpen = (try? database.hasOpenTransaction) ?? false
    }
}

extension App {
    /// Removes the files of the statements' results still open (reef is ending); results closed
    /// before removed theirs as they went.
    func removeResultFiles() {
        for screen in state.screens {
            if case .results(let grid) = screen {
                (grid.source as? TableSource)?.resultStore?.removeFiles()
            }
        }
    }
}

extension App {
    /// Shows what a statement stopped with Esc returned, once it has ended, unless other work is
    /// waited for by then; returns whether it showed anything.
    func showStoppedStatement() -> Bool {
        guard let stopped = pending.stoppedStatement, stopped.ready else {
            return false
        }
        pending.stoppedStatement = nil
        guard pending.work == nil, prompt.current == nil else {
            return false
        }
        stopped.finish()
        return true
    }
}
