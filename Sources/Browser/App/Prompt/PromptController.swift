import ORMCore

/// The prompt line at the bottom of the screen: sends the keys typed there to the open prompt
/// (``PromptLine``), and acts on what is submitted: a statement or a named-query command at the
/// SQL prompt, a filter, a search, a jump, an export, a cell's new value, a schema to browse, or
/// the answer to a one-key question. It reaches the app's services (the database, the status
/// bar, the screen stack, the grid shown) through its ``host``; the statements typed at the SQL
/// prompt run in its ``statements``.
final class PromptController {
    /// The app's services the prompt acts on.
    unowned let host: any PromptHost
    /// The statements typed at the SQL prompt, their results and their transaction.
    let statements: StatementSession

    /// The prompt line of the app `host`.
    init(host: any PromptHost) {
        self.host = host
        statements = StatementSession(host: host)
    }

    /// After a key that opens a prompt (or the editor) was refused, with the reason in the status
    /// bar: opens a prompt that says why and takes the text typed after the key, so that text
    /// runs no commands (the `w` of it would commit); Enter or Esc closes it. Nothing is held when
    /// the key's `outcome` so far runs the user's editor.
    func holdTextAfterRefusal(unless outcome: Outcome = .handled) {
        guard host.prompt.current == nil, outcome.externalEdit == nil, let reason = host.state.message, reason.isError else {
            return
        }
        host.openPrompt(.refused(reason: reason.text), text: "")
    }

    /// Sends a key to the open prompt and acts on Enter or Escape.
    func handle(_ key: Key) -> Outcome {
        guard var line = host.prompt.current else {
            return .handled
        }
        if key == .control("l") {
            return Outcome.redraw.with(.repaint)
        }
        if line.kind.isChoice {
            return choose(key, for: line.kind)
        }
        if line.kind == .narrowTables, let outcome = host.tableBrowser.moveWhileNarrowing(key) {
            return outcome
        }
        let event = line.handle(key) { self.completionSchema }
        line.keepCursorVisible(rows: host.editorRows)
        host.prompt.current = line
        let bufferProblem = keepBuffer(of: line, after: event)
        defer {
            if let bufferProblem {
                host.say(.error(bufferProblem))
            }
        }
        switch event {
        case .edited:
            if line.kind == .narrowTables {
                host.tableBrowser.narrowTables(to: line.text)  // as it is typed
            }
            return .redraw
        case .cancelled:
            host.prompt.close()
            if line.kind == .narrowTables {
                host.tableBrowser.clearTableNarrowing()
            }
            return .redraw
        case .submitted(let text):
            host.prompt.current = nil
            let problem = host.prompt.remember(text, for: line.kind)
            var outcome = Outcome.redraw
            if case .switchSchema(let choices) = line.kind {
                outcome = chooseSchema(text, among: choices)
            } else if line.kind == .narrowTables {
                outcome = host.tableBrowser.acceptTableNarrowing(text)
            } else {
                submit(text, kind: line.kind)
            }
            if let problem {
                host.say(.error(problem))
            }
            return outcome
        case .openEditor(let text):
            return statements.openExternalEditor(onSQL: text)
        case .runStatement(let statement, let start, let buffer):
            host.prompt.current = nil
            let problem = host.prompt.remember(buffer, for: line.kind)
            statements.run(statement, editing: buffer, at: start)
            if let problem {
                host.say(.error(problem))
            }
            return .redraw
        case .explainStatement(let statement, let start, let buffer):
            host.prompt.current = nil
            let problem = host.prompt.remember(buffer, for: line.kind)
            let origin = StatementOrigin(buffer: buffer, start: start, bufferID: host.prompt.buffers.current.id)
            statements.showPlan(PlanRequest(statement: statement, origin: origin, cursor: line.cursor, analyze: false))
            if let problem {
                host.say(.error(problem))
            }
            return .redraw
        case .newBuffer:
            return newBuffer()
        case .switchBuffer(let delta):
            return switchBuffer(by: delta)
        case .closeBuffer:
            return closeBuffer()
        }
    }

    /// What `Tab` completes from: the table list, the columns read so far (or read once now), the
    /// connection's functions, and for a filter the grid filtered.
    var completionSchema: CompletionSchema {
        let grid = host.currentGrid
        let database = host.database
        let completionCache = host.completionCache
        return CompletionSchema(
            tables: host.catalog.names.map { ($0.name, $0.kind == .view) },
            functions: completionCache.functions(in: database),
            currentTable: grid.map { $0.source.keyedTable?.table.info.name ?? $0.source.title },
            currentColumns: grid?.source.columns.map(\.name) ?? [],
            columns: { [grids = host.tables.grids] table in
                // An open table's grid has its columns; another is read once.
                grids[table].map { $0.source.columns.map(\.name) } ?? completionCache.columns(of: table, in: database)
            },
            schemaTables: { name in completionCache.tables(inSchema: name, in: database) },
            schemaColumns: { schema, table in
                completionCache.columns(of: table, inSchema: schema, in: database)
            })
    }

    /// Acts on a submitted prompt.
    func submit(_ text: String, kind: PromptKind) {
        if kind == .sql {
            if !performDescribeCommand(text) && !performNamedQueryCommand(text) {
                statements.run(text)
            }
            return
        }
        if kind == .export {
            host.exports.startExport(to: text, replacing: false)
            return
        }
        if case .refused(let reason) = kind {
            host.say(.error(reason))
            return
        }
        if case .editCell = kind {
            host.editing.submitCellEdit(text)
            return
        }
        if kind == .search, host.isTextScreenOnTop {
            if !text.isEmpty {
                host.searchTextScreen(for: text, forward: true, again: false)
            }
            return
        }
        guard let grid = host.currentGrid else {
            host.say(.error("no table open"))
            return
        }
        host.gridCommands(on: grid).submit(text, kind: kind)
    }
}
