import ORMCore

/// Where a statement run from the SQL prompt came from: the editor's whole text, and where in it
/// the statement run starts (a statement under the cursor, `Ctrl-O`), so that a failure can go
/// back into the editor with its place marked.
struct StatementOrigin: Sendable {
    /// The editor's text when the statement ran.
    var buffer: String
    /// Where the statement run starts in `buffer`, in characters.
    var start: Int
    /// The editor's buffer it came from (``SQLBuffers/Buffer/id``), nil when unknown: a rejected
    /// statement goes back into it.
    var bufferID: Int?
}

extension StatementSession {
    /// Asks the loop to run the user's editor on the SQL prompt's text, which runs as the prompt's
    /// statements once saved. Without `$VISUAL` or `$EDITOR` the prompt stays open, saying why.
    func openExternalEditor(onSQL text: String) -> Outcome {
        guard host.editing.externalEditor.command != nil else {
            host.prompt.current?.note = "no $VISUAL or $EDITOR set"
            return .redraw
        }
        return Outcome.redraw.with(.editExternally(.sql(text)))
    }

    /// Edits the SQL prompt's text in the user's editor (``App/runExternalEdit(_:attachedToTerminal:)``
    /// comes back here). Saved with changes, the text closes the prompt, joins the SQL history and
    /// runs (a script of several statements may span lines). Unchanged, or when the editor fails,
    /// the prompt stays open with its text as it was, and a note saying why.
    func runEditedSQL(_ text: String, attachedToTerminal: Bool) {
        switch host.editing.externalEditor.edit(text, name: "reef-query", fileExtension: "sql", attachedToTerminal: attachedToTerminal) {
        case .unchanged:
            host.prompt.current?.note = "unchanged"
        case .failed(let reason):
            host.prompt.current?.note = reason + "; nothing run"
        case .changed(let edited):
            host.prompt.current = nil
            // Run whole, as with Enter: the text joins the history and its buffer empties.
            host.prompt.buffers.update(text: "", cursor: 0)
            let problem = [host.prompt.remember(edited, for: .sql), host.prompt.saveBuffers()].compactMap { $0 }.first
            run(edited)
            if let problem {
                host.say(.error(problem))
            }
        }
    }

    /// Reopens the SQL editor with the text of a statement the database rejected, in the buffer it
    /// came from, the cursor and the mark on the place of the error (when the database said),
    /// unless a prompt is open by then.
    func keepInEditor(_ origin: StatementOrigin, failure: EditorFailure) {
        guard host.prompt.current == nil else {
            return
        }
        let cursor = failure.offset.map { min($0, origin.buffer.count) } ?? origin.buffer.count
        host.prompt.restoreSQL(origin.buffer, cursor: cursor, into: origin.bufferID)
        host.openPrompt(.sql, text: "")
        host.prompt.current?.failure = failure
        host.prompt.current?.keepCursorVisible(rows: host.editorRows)
    }

    /// What the editor says of `error`, a failure of `text` run from `origin`, and where in the
    /// editor's text it is: the statement of a script that failed, and the place in it.
    func editorFailure(_ error: any Error, in text: String, origin: StatementOrigin) -> EditorFailure {
        let ranges = EditorStatements.ranges(in: text, dialect: host.database.dialect)
        let characters = Array(text)
        let place: Int?
        let message: String
        if let script = error as? ScriptFailure {
            message = script.description
            place = script.offset.flatMap { offset in
                ranges.indices.contains(script.statement - 1) ? ranges[script.statement - 1].lowerBound + offset : nil
            }
        } else {
            message = UserMessage.describe(error)
            place = ranges.first.flatMap { range in
                UserMessage.offset(of: error, in: String(characters[range.clamped(to: 0..<characters.count)])).map { range.lowerBound + $0 }
            }
        }
        return EditorFailure(message: message, offset: place.map { origin.start + $0 })
    }
}
