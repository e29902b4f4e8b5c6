import ORMCore

extension App {
    /// Opens the input line for `kind`, with `text` already typed.
    func openPrompt(_ kind: PromptKind, text: String = "") {
        prompt.open(kind, text: text)
        prompt.current?.dialect = database.dialect.tokenDialect
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
        line.keepCursorVisible(rows: editorRows)
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
            var outcome = Outcome.redraw
            if case .switchSchema(let choices) = line.kind {
                outcome = chooseSchema(text, among: choices)
            } else if line.kind == .narrowTables {
                outcome = acceptTableNarrowing(text)
            } else {
                submit(text, kind: line.kind)
            }
            if let problem {
                say(.error(problem))
            }
            return outcome
        case .openEditor(let text):
            return openExternalEditor(onSQL: text)
        case .runStatement(let statement, let start, let buffer):
            prompt.current = nil
            let problem = prompt.remember(buffer, for: line.kind)
            runStatement(statement, editing: buffer, at: start)
            if let problem {
                say(.error(problem))
            }
            return .redraw
        }
    }

    /// What `Tab` completes from: the table list, the columns read so far (or read once now), the
    /// connection's functions, and for a filter the grid filtered.
    var completionSchema: CompletionSchema {
        let grid = currentGrid
        return CompletionSchema(
            tables: catalog.names.map { ($0.name, $0.kind == .view) },
            functions: completionCache.functions(in: database),
            currentTable: grid.map { $0.source.keyedTable?.table.info.name ?? $0.source.title },
            currentColumns: grid?.source.columns.map(\.name) ?? [],
            columns: { [database, completionCache, grids = tables.grids] table in
                // An open table's grid has its columns; another is read once.
                grids[table].map { $0.source.columns.map(\.name) } ?? completionCache.columns(of: table, in: database)
            },
            schemaTables: { [database, completionCache] name in completionCache.tables(inSchema: name, in: database) },
            schemaColumns: { [database, completionCache] schema, table in
                completionCache.columns(of: table, inSchema: schema, in: database)
            })
    }

    /// Acts on a submitted prompt.
    func submit(_ text: String, kind: PromptKind) {
        if kind == .sql {
            if !performNamedQueryCommand(text) {
                runStatement(text)
            }
            return
        }
        if kind == .export {
            startExport(to: text)
            return
        }
        if case .refused(let reason) = kind {
            say(.error(reason))
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
            say(.error("no table open"))
            return
        }
        let commands = GridCommands(app: self, grid: grid, isTable: isTableGrid(grid))
        do {
            switch kind {
            case .filter:
                let source = grid.source
                let label = "filtering \(Sanitizer.sanitize(source.title))"
                // The cursor stays on its row when the filter keeps it, else goes to the first row.
                changeView(of: grid, sort: source.sort, filter: text, label: label,
                           keepingRow: true) { [unowned self] filtered in
                    say(.info(filtered.filter.map { "filter: \($0)" } ?? "filter cleared"))
                }
            case .search:
                guard !text.isEmpty else {
                    return
                }
                grid.searchText = text
                commands.counted { try commands.findMatch(forward: true) }
            case .gridSearch(let regex, let column):
                try commands.search(for: text, regex: regex, column: column)
            case .copyAs(let column):
                commands.copyView(format: text, column: column)
            case .goToColumn:
                try commands.goToColumn(named: text)
            case .goToRow:
                guard let number = Int(text.filter { $0 != "," && $0 != " " }), number >= 1 else {
                    say(.error("not a row number: \(text)"))
                    return
                }
                try commands.move(toRow: number - 1)
            case .narrowTables, .sql, .export, .editCell, .resolveConflicts, .quitWithChanges, .quitWithTransaction, .confirmDelete, .confirmRevert,
                 .confirmOverwrite, .refused, .switchSchema:
                break
            }
        } catch {
            report(error, doing: kind == .filter ? "filter" : nil)
        }
    }
}
