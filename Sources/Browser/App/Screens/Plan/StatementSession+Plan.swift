import ORMCore

extension StatementSession: PlanHost {
    /// Reads the plan `request` asks for in the background (``PlanReader``; Esc stops it) and
    /// opens it on a plan screen, in place of the plan on top. A statement the database rejects
    /// goes back into the SQL editor with the error marked, as a statement run there does.
    func showPlan(_ request: PlanRequest) {
        let reader = PlanReader(database: host.database)
        let background = BackgroundResult(wakeup: host.wakeup) {
            try reader.read(request.statement, analyze: request.analyze)
        }
        let label = request.analyze ? "running EXPLAIN ANALYZE" : "reading the plan"
        host.run(PendingWork(label: label, isReady: { background.result != nil }, complete: { [unowned self] in
            background.result.map { show($0, of: request) }
        }, cancel: {
            reader.interruption.interrupt()
        }))
    }

    /// Opens the SQL editor with the text and cursor it had when `request` was made, in the buffer
    /// it came from.
    func returnToEditor(from request: PlanRequest) {
        let cursor = min(max(0, request.cursor), request.origin.buffer.count)
        host.prompt.restoreSQL(request.origin.buffer, cursor: cursor, into: request.origin.bufferID)
        host.openPrompt(.sql, text: "")
        host.prompt.current?.keepCursorVisible(rows: host.editorRows)
    }

    /// Shows the plan read for `request`, or the editor with the error marked.
    private func show(_ outcome: Result<QueryPlan, any Error>, of request: PlanRequest) {
        defer { noteTransactionState() }
        if host.state.top.mode == .plan {
            host.state.screens.removeLast()
        }
        do {
            let plan = try outcome.get()
            host.state.screens.append(PlanController(plan: plan, request: request, host: self))
            host.clearMessage()
        } catch {
            let what = request.analyze ? "EXPLAIN ANALYZE: " : "EXPLAIN: "
            if let reason = host.readOnlyReason, case ORMError.readOnlyDatabase? = error as? ORMError {
                host.say(.error(what + "read-only: " + reason))
                keepInEditor(request.origin, failure: EditorFailure(message: "read-only: " + reason))
            } else {
                host.say(.error(what + UserMessage.describe(error, in: request.statement)))
                keepInEditor(request.origin, failure: editorFailure(error, in: request.statement, origin: request.origin))
            }
        }
    }
}
