/// How the SQL editor's buffers kept across runs (``SQLBuffersFile``) stand in this run.
enum KeptBuffers: Equatable, Sendable {
    /// Not read yet: the SQL prompt has not opened.
    case unread
    /// Read (or there were none): written again when the editor closes and when reef quits.
    case read
    /// The file could not be read: the buffers are kept for this run only, the file left as it is.
    case unreadable
    /// A problem writing the file was said (once a run); later writes are tried all the same.
    case unwritable
}

extension PromptLine {
    /// The open SQL editor on the current buffer, with `history` to go through.
    func editor(history: [String]) -> PromptState {
        var editor = PromptState(kind: .sql, text: buffers.current.text, history: history)
        editor.cursor = buffers.current.cursor
        editor.buffer = buffers.position
        return editor
    }

    /// Shows the current buffer in the open SQL editor, after a key that made or chose another;
    /// the history and the dialect go on.
    mutating func showCurrentBuffer() {
        guard let open = current, open.kind == .sql else {
            return
        }
        current = editor(history: open.history)
        current?.dialect = open.dialect
    }

    /// Puts `text` back into the buffer `id` it came from (a rejected statement, a plan left), the
    /// cursor at `cursor`, and makes that buffer current (see ``SQLBuffers/restore(_:cursor:into:)``).
    mutating func restoreSQL(_ text: String, cursor: Int, into id: Int?) {
        _ = loadKeptBuffers()  // read already when the editor opened, before the statement ran
        buffers.restore(text, cursor: cursor, into: id)
    }

    /// Reads the kept buffers the first time the SQL prompt opens; returns the problem to say when
    /// they could not be read (the buffers then start empty).
    mutating func loadKeptBuffers() -> String? {
        guard keptBuffers == .unread else {
            return nil
        }
        keptBuffers = .read
        guard let file = buffersFile else {
            return nil
        }
        do {
            if let kept = try file.load() {
                buffers = kept
            }
            return nil
        } catch {
            keptBuffers = .unreadable
            return "buffers not read, kept for this run only: \(error)"
        }
    }

    /// Writes the buffers to the kept file, once they were read in this run (the editor closes,
    /// reef quits); returns the problem to say when writing failed (the first time only).
    mutating func saveBuffers() -> String? {
        guard keptBuffers == .read || keptBuffers == .unwritable, let file = buffersFile else {
            return nil
        }
        do {
            try file.write(buffers)
            return nil
        } catch {
            defer { keptBuffers = .unwritable }
            return keptBuffers == .unwritable ? nil : "buffers not saved: \(error)"
        }
    }

    /// The file the buffers are kept in, nil when no history is kept.
    private var buffersFile: SQLBuffersFile? {
        store.map { SQLBuffersFile(folder: $0.folder, databasePath: $0.databasePath) }
    }
}
