extension PromptController {
    /// Keeps the SQL editor's text and cursor in its buffer after `event` (``SQLBuffers``): the
    /// whole text run with `Enter` empties it (it joins the history), anything else leaves it. When
    /// the event closes the editor the buffers are written; returns the problem to say when that
    /// failed.
    func keepBuffer(of line: PromptState, after event: PromptState.Event) -> String? {
        guard line.kind == .sql else {
            return nil
        }
        if case .submitted = event {
            host.prompt.buffers.update(text: "", cursor: 0)
        } else {
            host.prompt.buffers.update(text: line.text, cursor: line.cursor)
        }
        switch event {
        case .cancelled, .submitted, .runStatement, .explainStatement:
            return host.prompt.saveBuffers()
        case .edited, .openEditor, .newBuffer, .switchBuffer, .closeBuffer:
            return nil
        }
    }

    /// `Ctrl-T`: a new empty buffer in the editor, after the others.
    func newBuffer() -> Outcome {
        host.prompt.buffers.add()
        return showCurrentBuffer()
    }

    /// `PgDn`, `PgUp`: the next or previous buffer in the editor (round); with one buffer, says how
    /// to make another.
    func switchBuffer(by delta: Int) -> Outcome {
        guard host.prompt.buffers.buffers.count > 1 else {
            host.prompt.current?.note = "the only buffer; Ctrl-T makes another"
            return .redraw
        }
        host.prompt.buffers.move(by: delta)
        return showCurrentBuffer()
    }

    /// `Ctrl-D`: closes the buffer in the editor, at once when it holds nothing but blanks, else
    /// after a y/n question; the one before it shows. The only buffer is emptied.
    func closeBuffer() -> Outcome {
        let buffers = host.prompt.buffers
        guard buffers.current.text.contains(where: { !$0.isWhitespace }) else {
            guard buffers.buffers.count > 1 else {
                host.prompt.current?.note = "the only buffer, empty"
                return .redraw
            }
            host.prompt.buffers.closeCurrent()
            return showCurrentBuffer()
        }
        let lines = buffers.current.text.reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
        host.openPrompt(.confirmCloseBuffer(number: buffers.currentIndex + 1, lines: lines), text: "")
        return .redraw
    }

    /// Answers the question of ``closeBuffer()``: `y` closes the buffer, anything else keeps it;
    /// the editor opens again either way.
    func answerCloseBuffer(_ reply: Key) {
        if reply == .character("y") {
            host.prompt.buffers.closeCurrent()
        }
        host.openPrompt(.sql, text: "")
        host.prompt.current?.keepCursorVisible(rows: host.editorRows)
    }

    /// Shows the current buffer in the open editor, its cursor in sight.
    private func showCurrentBuffer() -> Outcome {
        host.prompt.showCurrentBuffer()
        host.prompt.current?.keepCursorVisible(rows: host.editorRows)
        return .redraw
    }
}
